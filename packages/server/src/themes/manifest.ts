import { validateManifest } from '@vitrine/design';
import { offsetOfJsonPath } from './json-locate';

/**
 * theme.json, the theme's manifest (name, version, settings schema). The schema itself is @vitrine/design's
 * (validateManifest); this adapter turns its answer into the `theme check` problems.
 */
export interface ManifestProblem {
  line: number;
  message: string;
}

/** The line (1-based) of a character offset. */
export const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** Parses theme.json; JSON syntax errors carry the line Node's parser names (by position). */
export function parseManifestText(text: string): { json: unknown } | { problem: ManifestProblem } {
  try {
    return { json: JSON.parse(text) };
  } catch (error) {
    const message = (error as Error).message;
    // Node 22+ names the position ("… at position 31 (line 4 column 1)"); older parsers may not (line 1 then).
    const line = /\(line (\d+) column/.exec(message);
    const position = /position (\d+)/.exec(message);
    return { problem: { line: line ? Number(line[1]) : position ? lineAt(text, Number(position[1])) : 1, message: `theme.json is not valid JSON: ${message}` } };
  }
}

/**
 * The manifest's validation for `theme check` and the upload: the design package's schema, each error named by its
 * JSON path and, when the text is given, at the line of that value (or of its nearest ancestor that exists).
 */
export function validateThemeManifest(json: unknown, text?: string): ManifestProblem[] {
  const result = validateManifest(json);
  if (result.ok) return [];
  return result.errors.map((error) => ({ line: text === undefined ? 1 : lineAt(text, offsetOfJsonPath(text, error.path)), message: `${error.path || '/'}: ${error.message}` }));
}
