import { useEffect } from 'react';
import { FONT_CATALOG, fontFileName, fontFileUrl } from '@vitrine/design/browser';
import { injectPreviewStyles } from './preview-styles';

/**
 * The catalog's regular faces in the owner app's own document, so the font menu and the pairings draw each family
 * in itself. A face is only declared: the browser fetches a file (from /assets/fonts/…, our origin) when text in
 * that family is drawn, so opening the screen does not download thirty fonts.
 */
export function catalogFontFaceCss(): string {
  return FONT_CATALOG.map((font) => `@font-face{font-family:"${font.family}";font-style:normal;font-weight:400;font-display:swap;src:url("${fontFileUrl(font.id, fontFileName(font.id, 400))}") format("woff2")}`).join('\n');
}

export function useCatalogFontFaces(): void {
  useEffect(() => injectPreviewStyles(document, catalogFontFaceCss()), []);
}
