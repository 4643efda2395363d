// databases: one — it proves which stylesheets the rendered HTML links; no SQL of its own
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTheme } from '@vitrine/theme';
import { demoProductId, openTestServer, TestVisitor, type TestServer } from '../testing';
import { minifiedCss, selectorClassSets, THEME_SHEET_PREFIX } from './theme-sheets';

/*
 * The split storefront stylesheets (issue 35 item 4). For a rendered page of each kind, every class its HTML uses
 * that a feature sheet defines has that sheet linked. The sheets' classes are read here by a real CSS parser (happy-dom's
 * CSSOM, rules nested in @media included), not by the server's own reader, which is checked against it.
 */

/** The base sheet's budget: what every page blocks its first paint on. 128 KB was the one sheet before the split. */
const BASE_SHEET_MAX_BYTES = 92_000;

const theme = loadTheme();
const sheets = theme.stylesheets!;
const window = new Window();

/** Per selector of the sheet (as happy-dom's CSSOM parses it), the classes outside :not()/:is() it needs, sorted. */
function parsedSelectors(css: string): string[][] {
  const sheet = new window.CSSStyleSheet();
  sheet.replaceSync(css);
  const sets = new Map<string, string[]>();
  const walk = (rules: ArrayLike<{ selectorText?: string; cssRules?: ArrayLike<unknown> }>) => {
    for (const rule of Array.from(rules)) {
      if (rule.selectorText) {
        for (const selector of rule.selectorText.replace(/\([^()]*(\([^()]*\)[^()]*)*\)/g, '').split(',')) {
          const classes = [...new Set([...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!))].sort();
          if (classes.length > 0) sets.set(classes.join(' '), classes);
        }
      }
      if (rule.cssRules) walk(rule.cssRules as typeof rules);
    }
  };
  walk(sheet.cssRules as never);
  return [...sets.values()];
}

const features = Object.entries(sheets.features).map(([name, file]) => {
  const css = readFileSync(path.join(theme.assetsDir, file), 'utf8');
  return { name, css, selectors: parsedSelectors(css) };
});

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
}, 90_000);
afterAll(async () => {
  await server?.close();
});

const linkedSheets = (html: string) => [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((match) => match[1]!);
const usedClasses = (html: string) => new Set([...html.matchAll(/\bclass="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/).filter(Boolean)));
const sheetName = (url: string) => url.slice(THEME_SHEET_PREFIX.length).replace(/-[0-9a-f]{12}\.css$/, '');

describe('split stylesheets', () => {
  it('keeps the base sheet under its budget and every feature sheet non-empty', () => {
    const base = readFileSync(path.join(theme.assetsDir, sheets.base), 'utf8');
    expect(Buffer.byteLength(base)).toBeLessThan(BASE_SHEET_MAX_BYTES);
    for (const feature of features) expect(feature.selectors.length, feature.name).toBeGreaterThan(0);
  });

  it("reads the same classes from each sheet as a CSS parser does (the server's reader decides what a page links)", () => {
    const sorted = (sets: string[][]) => sets.map((classes) => classes.join(' ')).sort();
    for (const feature of features) expect(sorted(selectorClassSets(feature.css)), feature.name).toEqual(sorted(feature.selectors));
  });

  it('links, on a page of each kind, every feature sheet whose classes the page uses, and its kind’s sheets', async () => {
    const shopper = new TestVisitor(server.app);
    await shopper.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 });
    const pages: Array<[string, string[]]> = [
      ['/', []], ['/about', []], ['/contact', []], ['/shop', ['shop-filters']], ['/search?q=linen', ['shop-filters']],
      ['/shop/p/linen-shirt', ['reviews']], ['/cart', []], ['/checkout', ['checkout']], ['/journal', ['blog']],
      ['/journal/meet-the-potter', ['blog']], ['/events', ['blog']], ['/pottery-basics', ['account']] /* members only: the lock screen, 403 */, ['/account', []],
    ];
    for (const [url, kindSheets] of pages) {
      const page = await shopper.get(url);
      expect(page.statusCode, url).toBe(url === '/pottery-basics' ? 403 : 200);
      const linked = linkedSheets(page.body).filter((href) => href.startsWith(THEME_SHEET_PREFIX)).map(sheetName);
      expect(linked[0], url).toBe('base');
      const used = usedClasses(page.body);
      for (const feature of features) {
        const applies = feature.selectors.find((classes) => classes.every((name) => used.has(name)));
        if (applies) expect(linked, `${url} uses .${applies.join('.')} of ${feature.name}`).toContain(feature.name);
      }
      for (const name of kindSheets) expect(linked, url).toContain(name);
    }
  });

  it('leaves the feature sheets off a page that does not need them (the home page links only the base)', async () => {
    const home = await new TestVisitor(server.app).get('/');
    expect(linkedSheets(home.body).filter((href) => href.startsWith(THEME_SHEET_PREFIX)).map(sheetName)).toEqual(['base']);
  });

  it('serves each sheet under its hashed name with a year’s immutable cache, and 404 for any other name', async () => {
    const home = await new TestVisitor(server.app).get('/');
    const base = linkedSheets(home.body).find((href) => href.startsWith(THEME_SHEET_PREFIX))!;
    const answer = await server.app.inject({ url: base });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['content-type']).toBe('text/css; charset=utf-8');
    // Its fonts' relative urls made absolute (it is not served beside them), and each of them found.
    // Minified once: the same rules in fewer bytes.
    const source = readFileSync(path.join(theme.assetsDir, sheets.base), 'utf8').replace(/url\("fonts\//g, 'url("/assets/theme/fonts/');
    expect(answer.body).toBe(minifiedCss(source, 'base'));
    expect(answer.body.length).toBeLessThan(source.length * 0.85);
    expect(answer.body).not.toContain('/*');
    const fonts = [...answer.body.matchAll(/url\("?([^")]+)"?\)/g)].map((match) => match[1]!);
    expect(fonts).toEqual(['/assets/theme/fonts/inter-latin-400-normal.woff2', '/assets/theme/fonts/inter-latin-600-normal.woff2', '/assets/theme/fonts/fraunces-latin-600-normal.woff2']);
    for (const font of fonts) expect((await server.app.inject({ url: font })).statusCode, font).toBe(200);
    const wrong = await server.app.inject({ url: `${THEME_SHEET_PREFIX}base-000000000000.css` });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.headers['cache-control']).toBe('no-store');
  });
});
