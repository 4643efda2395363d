import { readdirSync, readFileSync, lstatSync } from 'node:fs';
import path from 'node:path';

/**
 * What a theme folder may hold (packages/theme/README.md, "Writing a theme"): its manifest, JSON-T templates and
 * partials, and static assets — styles, pictures, fonts. Nothing executable: interactivity stays in our islands, so
 * JavaScript (and anything unknown) is refused by `theme pack` and by the upload. SVG is refused too: an SVG can
 * carry script, and a theme's pictures are served from the site's own origin.
 */
const ASSET_EXTENSIONS = new Set(['.css', '.png', '.jpg', '.jpeg', '.webp', '.gif', '.woff2', '.woff']);

/** Why a theme-relative path (posix separators) is not allowed, or null when it is. */
export function disallowedThemeFile(file: string): string | null {
  // stylesheets.json: the default theme's table of feature sheets (packages/theme/README.md); an uploaded theme's is kept, not yet read.
  if (file === 'theme.json' || file === 'README.md' || file === 'stylesheets.json') return null;
  const extension = path.posix.extname(file).toLowerCase();
  if (file.startsWith('templates/') && !file.slice('templates/'.length).includes('/') && extension === '.html') return null;
  if (file.startsWith('partials/') && file.split('/').length <= 3 && extension === '.block') return null;
  if (file.startsWith('assets/') && ASSET_EXTENSIONS.has(extension)) return null;
  // Font licences (the OFL asks that it travels with the fonts): plain text, served as text/plain.
  if (file.startsWith('assets/') && extension === '.txt') return null;
  if (extension === '.js' || extension === '.mjs' || extension === '.cjs') return 'JavaScript is not allowed in a theme (interactivity comes from the platform\'s islands)';
  if (extension === '.svg') return 'SVG pictures are not allowed in a theme (they can carry scripts); use PNG, JPEG, WebP or GIF';
  return 'not a theme file: allowed are theme.json, templates/*.html, partials/**/*.block and assets/ styles (.css), pictures (.png .jpg .jpeg .webp .gif) fonts (.woff2 .woff) and licences (.txt)';
}

/** A theme as files: theme-relative posix path → contents. */
export type ThemeFiles = Map<string, Buffer>;

/** Text files (what `theme check` reads). */
export const isThemeTextFile = (file: string) => file === 'theme.json' || file.endsWith('.html') || file.endsWith('.block') || file.endsWith('.css');

/** Reads every regular file under dir (skipping dot files and symlinks, which are listed in `skipped`). */
export function readThemeFolder(dir: string): { files: ThemeFiles; skipped: string[] } {
  const files: ThemeFiles = new Map();
  const skipped: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const file = relative ? `${relative}/${entry.name}` : entry.name;
      const stat = lstatSync(path.join(dir, file));
      if (stat.isSymbolicLink()) skipped.push(file);
      else if (stat.isDirectory()) walk(file);
      else if (stat.isFile()) files.set(file, readFileSync(path.join(dir, file)));
    }
  };
  walk('');
  return { files, skipped };
}
