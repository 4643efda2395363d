import type { ShoppingCart } from '@vitrine/commerce';
import { compile, registerFormatters, render, type CompiledTemplate, type Formatter, type TemplateError } from '@vitrine/template';
import { PAGE_TEMPLATES, layoutOf, type LayoutName, type PageTemplateName, type Theme } from '@vitrine/theme';
import { cartDataBlock } from '@vitrine/storefront/server';
import { blockFormatters } from './block-formatters';
import { islandFormatters } from './island-formatters';
import { jsonLd } from './json-ld';
import { moneyCents, moneyValue, priceTag } from './price-formatters';
import { loadPageSheets, type ThemeSheetStore } from './theme-sheets';
import { catalogDomain } from '@vitrine/format/catalogs';
import { visitorLanguageOfContext } from '../visitor-language';

export interface NavigationLink {
  title: string;
  url: string;
}

/** The script and styles a page links; null until the islands are built. */
export interface PageAssets {
  stylesheet: string;
  /** Where the theme's assets/ folder is served (ends in /): templates link pictures and fonts from it. */
  themeUrl?: string;
  script: string | null;
  preloads: string[];
}

/** What every page shows around its own content: where it is, the shopper's cart, the navigation. */
export interface PageChrome {
  path: string;
  /** The visitor's own cart (header indicator, pill, product form) — not a checkout token's cart. */
  visitorCart: ShoppingCart | null;
  navigation: NavigationLink[];
  storeUrl: string;
  pageTitle?: string;
  searchQuery?: string;
  /** Description, Open Graph and Twitter fields for the layout's head (pages/seo.ts). */
  seo?: object;
  /** schema.org data for an ld+json block (a product page's Product). */
  structuredData?: object;
  /** The owner's header and footer HTML, already sanitised (site-settings/html-sanitiser.ts); written raw. */
  siteHeaderHtml?: string;
  siteFooterHtml?: string;
  /** The footer's columns of links, social links and legal text (site-settings/footer.ts); none: the theme's own. */
  siteFooter?: object | null;
  /** The announcement bar above the header (site-settings/announcement.ts): `{ text, link, colourTheme }`, or none. */
  siteAnnouncement?: object | null;
  /** The website's newsletter block for the footer (forms/): `{ id, type: 'newsletter', form }`, or none. */
  siteNewsletter?: object | null;
  /** The owner's popup overlay for this page (popup-overlay/ StorefrontPopupOverlay), or none. */
  sitePopup?: object | null;
}

export interface ThemeRenderer {
  renderPage(name: PageTemplateName, context: object, chrome: PageChrome): { html: string; errors: TemplateError[] };
  /**
   * A theme block's source (`content-block.block`), or '' when the theme has none. context: what the page would
   * render with (its `website.design`), for a theme whose `{^…}` directives read it (preprocessed-theme-renderer.ts).
   */
  partial(name: string, context?: object): string;
}

const SERVER_FORMATTERS: Record<string, Formatter> = {
  ...islandFormatters,
  ...blockFormatters,
  'price-tag': priceTag,
  'money-value': moneyValue,
  'money-cents': moneyCents,
  'json-ld': jsonLd,
};

// Registered for every template the server compiles, partials included, so compiling a theme
// block never reports them as unknown.
registerFormatters(SERVER_FORMATTERS);

/**
 * Compiles the theme once and renders pages: the page template first, then the layout
 * around it (`pageBody`): the checkout's focused one for the checkout pages, the site's for the rest. Template errors never break a page; they are returned for logging.
 */
export function createThemeRenderer(theme: Theme, themeAssets: PageAssets, sheetStore?: ThemeSheetStore): ThemeRenderer {
  // A theme with stylesheets.json links its base sheet and, per page, the feature sheets it needs (issue 35 item 4).
  const sheets = sheetStore ? loadPageSheets(theme, sheetStore, themeAssets.themeUrl ?? '/assets/theme/') : null;
  const assets = sheets ? { ...themeAssets, stylesheet: sheets.base } : themeAssets;
  const layouts: Record<LayoutName, CompiledTemplate> = { site: compile(theme.layout), checkout: compile(theme.checkoutLayout) };
  const pages = Object.fromEntries(PAGE_TEMPLATES.map((name) => [name, compile(theme.pages[name])])) as Record<
    PageTemplateName,
    CompiledTemplate
  >;
  const options = { partials: theme.partials };

  return {
    partial: (name) => theme.partials[name] ?? '',
    renderPage(name, context, chrome) {
      const visitorLanguage = visitorLanguageOfContext(context);
      const pageContext = {
        ...context,
        visitorLanguage,
        // The theme's own words in the visitor's language (`{themeStrings.backToCart|htmltag}`).
        themeStrings: catalogDomain(visitorLanguage.catalog, 'theme'),
        visitorCart: chrome.visitorCart,
        pagePath: chrome.path,
        pageKind: name,
        pageTitle: chrome.pageTitle,
        seo: chrome.seo,
        structuredData: chrome.structuredData,
        searchQuery: chrome.searchQuery ?? '',
        storeUrl: chrome.storeUrl,
        siteHeaderHtml: chrome.siteHeaderHtml ?? '',
        siteFooterHtml: chrome.siteFooterHtml ?? '',
        siteFooter: chrome.siteFooter ?? null,
        siteAnnouncement: chrome.siteAnnouncement ?? null,
        siteNewsletter: chrome.siteNewsletter ?? null,
        sitePopup: chrome.sitePopup ?? null,
        navigation: chrome.navigation.map((link) => ({ ...link, active: link.url === chrome.path })),
        assets,
      };
      // The template's i18n formatters (dates, numbers) write as the visitor's locale does.
      const localeOptions = { ...options, locale: visitorLanguage.locale };
      const body = render(pages[name], pageContext, localeOptions);
      const pageStylesheets = sheets ? sheets.featuresFor(name, body.output) : [];
      let page = render(layouts[layoutOf(name)], { ...pageContext, pageBody: body.output, pageStylesheets }, localeOptions);
      // The layout's own HTML (the footer's newsletter, the owner's header) may use a feature sheet's classes too:
      // rarely, so the layout is rendered again only then, with every sheet the whole page needs.
      const wholePage = sheets ? sheets.featuresFor(name, page.output) : [];
      if (wholePage.length !== pageStylesheets.length) page = render(layouts[layoutOf(name)], { ...pageContext, pageBody: body.output, pageStylesheets: wholePage }, localeOptions);
      return { html: withCartData(page.output, chrome.visitorCart), errors: [...body.errors, ...page.errors] };
    },
  };
}

/**
 * Every page carries the visitor's cart once, as a JSON data block at the end of the body: the cart
 * islands leave it out of their props (island-formatters.ts) and the browser reads it from here. It
 * is written by the renderer, not the theme, because the islands depend on it being there.
 */
function withCartData(html: string, cart: ShoppingCart | null): string {
  const block = cartDataBlock(cart);
  const end = html.lastIndexOf('</body>');
  return end === -1 ? html + block : `${html.slice(0, end)}${block}\n${html.slice(end)}`;
}
