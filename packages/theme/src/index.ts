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
  return { layout: read('templates', 'site.layout.html'), checkoutLayout: read('templates', 'checkout.layout.html'), pages, partials, assetsDir: path.join(dir, 'assets'), manifest };
}
