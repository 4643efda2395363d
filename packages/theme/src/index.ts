import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The page templates a theme provides; the server picks one per route. */
export const PAGE_TEMPLATES = [
  'home', 'collection', 'item', 'cart', 'checkout', 'order-confirmed', 'gift-card', 'search', 'not-found', 'page', 'subscriptions', 'members', 'reviews-request',
  'blog', 'post', 'events', 'event', 'gallery', 'course', 'lesson',
] as const;
export type PageTemplateName = (typeof PAGE_TEMPLATES)[number];

/** The layouts a theme provides: the site's, and the checkout's focused one (logo, back to cart, secure note). */
export type LayoutName = 'site' | 'checkout';

/** Which layout wraps a page: the checkout pages get the focused one (no site navigation or footer), as on Shopify. */
export function layoutOf(page: PageTemplateName): LayoutName {
  return page === 'checkout' ? 'checkout' : 'site';
}

export interface Theme {
  /** Wraps every page but the checkout; the page's own output arrives as `pageBody`. */
  layout: string;
  /** Wraps the checkout pages (`layoutOf`), with `pageBody` too. */
  checkoutLayout: string;
  pages: Record<PageTemplateName, string>;
  /** Blocks applied with `{@|apply name.block}`; the content blocks' partials (partials/blocks/) are named `blocks/{name}.block`. */
  partials: Record<string, string>;
  /** Absolute path of the folder served at /assets/theme/. */
  assetsDir: string;
  /** The parsed theme.json (its settings schema; @vitrine/design validates it), when the folder has one. */
  manifest?: unknown;
  /** Its stylesheets.json, when it has one: which sheets of assets/ each page kind links (a theme without one links site.css). */
  stylesheets?: ThemeStylesheets;
}

/**
 * A theme's stylesheets (stylesheets.json beside theme.json), paths under assets/: the base sheet every page links,
 * the feature sheets by name, and the one table of which page kinds link which feature sheets. The server also links a
 * feature sheet on any page whose HTML uses one of its classes (a blog-list block on the home page), so the table
 * only has to name what a page kind's islands draw in the browser and what its template always shows.
 */
export interface ThemeStylesheets {
  base: string;
  features: Record<string, string>;
  pages: Partial<Record<PageTemplateName, string[]>>;
}

/** Reads and checks stylesheets.json: every page kind and feature it names must exist, or the theme does not load. */
export function parseThemeStylesheets(json: unknown): ThemeStylesheets {
  const value = json as Partial<ThemeStylesheets> | null;
  if (!value || typeof value.base !== 'string' || typeof value.features !== 'object' || typeof value.pages !== 'object') {
    throw new Error('stylesheets.json needs "base", "features" and "pages"');
  }
  for (const [kind, names] of Object.entries(value.pages ?? {})) {
    if (!(PAGE_TEMPLATES as readonly string[]).includes(kind)) throw new Error(`stylesheets.json: no page kind "${kind}"`);
    for (const name of names ?? []) if (typeof value.features![name] !== 'string') throw new Error(`stylesheets.json: "${kind}" links an unknown feature sheet "${name}"`);
  }
  return value as ThemeStylesheets;
}

export const defaultThemeDir = path.resolve(fileURLToPath(import.meta.url), '../..');

/** Reads a theme folder (templates/, partials/, assets/) into memory once, at start-up. */
export function loadTheme(dir: string = defaultThemeDir): Theme {
  const read = (...parts: string[]) => readFileSync(path.join(dir, ...parts), 'utf8');
  const pages = Object.fromEntries(PAGE_TEMPLATES.map((name) => [name, read('templates', `${name}.html`)])) as Theme['pages'];
  const partials: Record<string, string> = {};
  for (const entry of readdirSync(path.join(dir, 'partials'), { withFileTypes: true })) {
    if (entry.isFile()) partials[entry.name] = read('partials', entry.name);
    // One level of folders: partials/blocks/text.block is 'blocks/text.block'.
    else if (entry.isDirectory()) for (const file of readdirSync(path.join(dir, 'partials', entry.name))) partials[`${entry.name}/${file}`] = read('partials', entry.name, file);
  }
  const manifestFile = path.join(dir, 'theme.json');
  const manifest: unknown = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : undefined;
  const stylesheetsFile = path.join(dir, 'stylesheets.json');
  const stylesheets = existsSync(stylesheetsFile) ? parseThemeStylesheets(JSON.parse(readFileSync(stylesheetsFile, 'utf8'))) : undefined;
  return { layout: read('templates', 'site.layout.html'), checkoutLayout: read('templates', 'checkout.layout.html'), pages, partials, assetsDir: path.join(dir, 'assets'), manifest, stylesheets };
}
