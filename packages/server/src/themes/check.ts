import { compile, hasPreprocessorDirectives, preprocessorSource } from '@vitrine/template';
import { PAGE_TEMPLATES } from '@vitrine/theme';
import { BLOCK_PARTIAL_NAMES } from '../content';
// The server's own formatters (islands, blocks, prices) are registered by the renderer module: a theme may use them.
import '../rendering/theme-renderer';
import { isThemeTextFile, type ThemeFiles } from './files';
import { lineAt, parseManifestText, type ManifestProblem } from './manifest';

/** One problem `theme check` reports: `file:line: message` (no line for a file that is missing). */
export interface ThemeProblem {
  file: string;
  line?: number;
  message: string;
}

export const formatProblem = (problem: ThemeProblem) => `${problem.file}${problem.line === undefined ? '' : `:${problem.line}`}: ${problem.message}`;

/** The templates every theme provides: the page templates the server picks per route and the two layouts. */
export const REQUIRED_TEMPLATES: readonly string[] = [...PAGE_TEMPLATES.map((name) => `${name}.html`), 'site.layout.html', 'checkout.layout.html'];

export interface CheckOptions {
  /** Validates the parsed theme.json (the design package's validateManifest); problems carry a line when known. */
  validateManifest: (json: unknown, text: string) => ManifestProblem[];
}

/**
 * Checks a theme's files as the server would use them (pure: files in, problems out, in file order): theme.json
 * parses and validates, every required template is there, every template and partial compiles with the engine
 * (unknown formatter or predicate, unclosed block, misplaced instruction…), every `apply`/`.include` names a
 * partial of partials/ or a macro of the same file, and every content block type has its partial. Which files a theme may hold
 * is files.ts's rule, applied by `theme pack` (skips the rest) and the upload (refuses the archive).
 */
export function checkTheme(files: ThemeFiles, options: CheckOptions): ThemeProblem[] {
  const problems: ThemeProblem[] = [];
  const text = (file: string) => files.get(file)!.toString('utf8');

  if (!files.has('theme.json')) problems.push({ file: 'theme.json', message: 'missing: a theme declares its name, version and settings in theme.json' });
  else {
    const parsed = parseManifestText(text('theme.json'));
    if ('problem' in parsed) problems.push({ file: 'theme.json', ...parsed.problem });
    else for (const problem of options.validateManifest(parsed.json, text('theme.json'))) problems.push({ file: 'theme.json', ...problem });
  }

  for (const template of REQUIRED_TEMPLATES) {
    if (!files.has(`templates/${template}`)) problems.push({ file: `templates/${template}`, message: 'missing required page template' });
  }

  // Partials are applied by their path under partials/: 'product-card.block', 'blocks/text.block'.
  const partialNames = new Set([...files.keys()].filter((file) => file.startsWith('partials/') && file.endsWith('.block')).map((file) => file.slice('partials/'.length)));
  const sources = [...files.keys()].filter((file) => isThemeTextFile(file) && (file.startsWith('templates/') || file.startsWith('partials/'))).sort();
  for (const file of sources) {
    const source = text(file);
    for (const error of compile(source).errors) problems.push({ file, line: error.line, message: error.message });
    // The {^…} directives run before a request (rendering/preprocessed-theme-renderer.ts): their pass must compile too.
    if (hasPreprocessorDirectives(source)) {
      for (const error of compile(preprocessorSource(source)).errors) problems.push({ file, line: error.line, message: `preprocessor directive: ${error.message}` });
    }
    const macros = new Set([...source.matchAll(/\{\.macro ([^\s{}]+)\}/g)].map((match) => match[1]));
    for (const match of source.matchAll(/\|\s*apply\s+([^\s|{}]+)|\{\.include ([^\s{}]+)/g)) {
      const name = match[1] ?? match[2];
      if (!partialNames.has(name) && !macros.has(name)) {
        problems.push({ file, line: lineAt(source, match.index), message: `missing partial: '${name}' is not in partials/ (nor a macro of this file)` });
      }
    }
  }

  for (const name of BLOCK_PARTIAL_NAMES) {
    if (!partialNames.has(`blocks/${name}.block`)) problems.push({ file: `partials/blocks/${name}.block`, message: `missing partial for the content block type '${name}'` });
  }
  return problems;
}
