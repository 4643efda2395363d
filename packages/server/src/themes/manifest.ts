import { validateManifest } from '@vitrine/design';

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

/** The manifest's validation for `theme check` and the upload: the design package's schema, each error at its JSON path. */
export function validateThemeManifest(json: unknown): ManifestProblem[] {
  const result = validateManifest(json);
  return result.ok ? [] : result.errors.map((error) => ({ line: 1, message: `${error.path || '/'}: ${error.message}` }));
}
