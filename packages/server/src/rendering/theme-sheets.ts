import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { transform } from 'lightningcss';
import type { PageTemplateName, Theme } from '@vitrine/theme';

/**
 * A sheet as browsers get it: comments and whitespace gone, values shortened (Lighthouse's unminified-css named the
 * theme's sheets: about a fifth of their bytes). Minified once per sheet when the theme loads, never per request.
 */
export function minifiedCss(css: string, name: string): string {
  return transform({ filename: `${name}.css`, code: Buffer.from(css), minify: true }).code.toString();
}

/** Where the theme's split stylesheets are served, each under a name carrying its content's hash (cached a year). */
export const THEME_SHEET_PREFIX = '/assets/theme-sheets/';

/** The sheets' content by their hashed file names, for the route that serves them (one per server, shared by reloads). */
export class ThemeSheetStore {
  readonly #css = new Map<string, string>();

  /** Keeps `css` and answers its address: `/assets/theme-sheets/{name}-{hash}.css`. */
  add(name: string, source: string): string {
    const css = minifiedCss(source, name);
    const hash = createHash('sha256').update(css).digest('hex').slice(0, 12);
    const file = `${name.replace(/[^a-z0-9-]/gi, '-')}-${hash}.css`;
    this.#css.set(file, css);
    return `${THEME_SHEET_PREFIX}${file}`;
  }

  get(file: string): string | undefined {
    return this.#css.get(file);
  }
}

/** Which sheets a page links: the base, then the feature sheets its kind names or its HTML's classes need. */
export interface PageSheets {
  base: string;
  featuresFor(kind: PageTemplateName, bodyHtml: string): string[];
}

/**
 * What each selector of a sheet needs of a page: the classes an element (or its ancestors) must carry for it to match.
 * A selector with none (`main p`) or only inside :not()/:is() counts for nothing: a sheet is linked for the classes that
 * make its rules apply, so `.checkout .button` pulls the checkout sheet only onto a page with both. Comments and
 * strings are left out; the text before each `{` that is not an at-rule's prelude is a selector list (declarations
 * never hold a `{`, so a number like `.5em` is never read as a class).
 */
export function selectorClassSets(css: string): string[][] {
  const plain = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  const sets = new Map<string, string[]>();
  for (const [, prelude] of plain.matchAll(/([^{};]*)\{/g)) {
    if (prelude!.trim().startsWith('@')) continue;
    for (const selector of withoutParentheses(prelude!).split(',')) {
      const classes = [...new Set([...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!))].sort();
      if (classes.length > 0) sets.set(classes.join(' '), classes);
    }
  }
  return [...sets.values()];
}

/** `a:not(.b, .c) .d` → `a:not .d`: what is inside parentheses never makes a rule apply. */
function withoutParentheses(selector: string): string {
  let out = '';
  let depth = 0;
  for (const char of selector) {
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (depth === 0) out += char;
  }
  return out;
}

/**
 * The sheets are served from THEME_SHEET_PREFIX, not beside their files, so a relative `url(fonts/…)` would miss:
 * each is made absolute against where the file's folder is served (`/assets/theme/fonts/…`).
 */
export function absoluteUrls(css: string, folderUrl: string): string {
  return css.replace(/url\(\s*(["']?)([^"')]+)\1\s*\)/g, (whole, quote: string, url: string) =>
    /^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(url) ? whole : `url(${quote}${folderUrl}${url}${quote})`);
}

const CLASS_ATTRIBUTE = /\bclass="([^"]*)"/g;

/**
 * Reads a theme's stylesheets.json sheets from its assets folder into the store. Null for a theme without one
 * (an uploaded theme links its own site.css, as before).
 */
export function loadPageSheets(theme: Theme, store: ThemeSheetStore, themeUrl: string): PageSheets | null {
  const sheets = theme.stylesheets;
  if (!sheets || !theme.assetsDir) return null;
  const read = (file: string) => absoluteUrls(readFileSync(path.join(theme.assetsDir, file), 'utf8'), `${themeUrl}${path.posix.dirname(file)}/`.replace('/./', '/'));
  const base = store.add('base', read(sheets.base));
  const features = Object.entries(sheets.features).map(([name, file]) => {
    const css = read(file);
    return { name, url: store.add(name, css), selectors: selectorClassSets(css) };
  });
  const byName = new Map(features.map((feature) => [feature.name, feature.url]));
  return {
    base,
    featuresFor(kind, bodyHtml) {
      const linked = new Set((sheets.pages[kind] ?? []).map((name) => byName.get(name)!));
      const used = new Set<string>();
      for (const [, value] of bodyHtml.matchAll(CLASS_ATTRIBUTE)) for (const name of value!.split(/\s+/)) if (name) used.add(name);
      for (const feature of features) {
        if (linked.has(feature.url)) continue;
        if (feature.selectors.some((classes) => classes.every((name) => used.has(name)))) linked.add(feature.url);
      }
      // In the table's order, so a page's links (and its cached HTML) do not depend on which class was seen first.
      return features.filter((feature) => linked.has(feature.url)).map((feature) => feature.url);
    },
  };
}
