import { createRequire } from 'node:module';
import path from 'node:path';
import { catalogFontFiles } from '@vitrine/design';

/**
 * The font files the site may load: exactly the catalog's (@vitrine/design FONT_CATALOG, two weights of each
 * family), found in the @fontsource packages the server depends on. Anything else under /assets/fonts/ is a 404:
 * a request names a font id and a file name, both looked up here, never joined into a path from the request.
 */
const require = createRequire(import.meta.url);

export interface FontFileLocation { dir: string; fileName: string }

function buildAllowList(): Map<string, FontFileLocation> {
  const files = new Map<string, FontFileLocation>();
  for (const file of catalogFontFiles()) {
    const packageDir = path.dirname(require.resolve(`@fontsource/${file.fontId}/package.json`));
    files.set(`${file.fontId}/${file.fileName}`, { dir: path.join(packageDir, 'files'), fileName: file.fileName });
  }
  return files;
}

let allowList: Map<string, FontFileLocation> | undefined;

/** Where a catalog font file is on disk, or undefined for any name that is not one. */
export function catalogFontFile(fontId: string, fileName: string): FontFileLocation | undefined {
  allowList ??= buildAllowList();
  return allowList.get(`${fontId}/${fileName}`);
}
