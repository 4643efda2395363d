/**
 * Puts the draft's compiled stylesheet into the preview frame's document (same origin), in place of the site-styles
 * link the page was served with, so a change shows without a reload and without any script in the storefront.
 *
 * The storefront's CSP allows `<style>` elements from nowhere (style-src-elem 'self'), so an injected `<style>`
 * would be refused; a constructed stylesheet (CSSStyleSheet + adoptedStyleSheets) is not an element and CSP does
 * not apply to it. Where a browser lacks constructed stylesheets (and in tests' DOMs), a `<style>` element is used.
 */
export const PREVIEW_STYLE_ID = 'vitrine-design-preview';
/** The per-website stylesheet's links: `/assets/site-styles/{hash}.css`. */
const SITE_STYLES_LINK = 'link[rel~="stylesheet"][href*="/assets/site-styles/"]';

type SheetWindow = Window & { CSSStyleSheet: typeof CSSStyleSheet };
type AdoptingDocument = Document & { adoptedStyleSheets?: CSSStyleSheet[] };

/** The sheet this module adopted into a document, remembered per document (a new page load is a new document). */
const adopted = new WeakMap<Document, CSSStyleSheet>();

export function injectPreviewStyles(doc: Document, css: string): void {
  // The served link would otherwise still apply (and win where our sheet leaves a property out).
  for (const link of doc.querySelectorAll<HTMLLinkElement>(SITE_STYLES_LINK)) link.setAttribute('disabled', '');
  const view = doc.defaultView as SheetWindow | null;
  const adopting = doc as AdoptingDocument;
  if (view && typeof view.CSSStyleSheet === 'function' && Array.isArray(adopting.adoptedStyleSheets) && 'replaceSync' in view.CSSStyleSheet.prototype) {
    let sheet = adopted.get(doc);
    if (!sheet) {
      // From the frame's own realm: a sheet made by the owner app's window cannot be adopted by another document.
      sheet = new view.CSSStyleSheet();
      adopted.set(doc, sheet);
      adopting.adoptedStyleSheets = [...adopting.adoptedStyleSheets, sheet];
    }
    sheet.replaceSync(css);
    return;
  }
  let style = doc.getElementById(PREVIEW_STYLE_ID) as HTMLStyleElement | null;
  if (!style) {
    style = doc.createElement('style');
    style.id = PREVIEW_STYLE_ID;
    (doc.head ?? doc.documentElement).append(style);
  }
  if (style.textContent !== css) style.textContent = css;
}

/** The CSS in force in a document from this module (tests read it back). */
export function injectedPreviewCss(doc: Document): string | null {
  const sheet = adopted.get(doc);
  if (sheet) return Array.from(sheet.cssRules, (rule) => rule.cssText).join('\n');
  return doc.getElementById(PREVIEW_STYLE_ID)?.textContent ?? null;
}
