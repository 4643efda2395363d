import { describe, expect, it } from 'vitest';
import { loadTheme, type Theme } from '@vitrine/theme';
import { createPreprocessingThemeRenderer, PREPROCESSED_VARIANT_CAP, preprocessTheme, themeHasPreprocessorDirectives } from './preprocessed-theme-renderer';
import { createThemeRenderer } from './theme-renderer';

const ASSETS = { stylesheet: '/assets/theme/site.css', script: null, preloads: [] };
const CHROME = { path: '/page', visitorCart: null, navigation: [], storeUrl: '/shop' };
const pageContext = (header: string) => ({
  pageType: 2, websiteSettings: {}, contentPage: { id: 'p', title: 'Page', fullUrl: '/page' }, sections: [],
  website: { id: 'w', identifier: 'demo', siteTitle: 'Shop', language: 'en-US', timeZone: 'UTC', baseCurrency: 'USD', captchaSettings: { siteKey: null }, design: { stylesheetUrl: '', preload: [], options: { layout: { header: header } } } },
});

/** The default theme with a directive in its layout and one in its form block, reading the owner's header choice. */
function themeWithDirectives(): Theme {
  const theme = loadTheme();
  return {
    ...theme,
    layout: theme.layout.replace('</body>', '{^.equal? website.design.options.layout.header "centered"}<p class="mark">centred header</p>{^.or}<p class="mark">{^website.design.options.layout.header|html} header</p>{^.end}</body>'),
    partials: { ...theme.partials, 'content-block.block': `{^.section website.design.options.layout}<div data-header="{^header|htmlattr}">{^.end}${theme.partials['content-block.block']}` },
  };
}

describe('a theme with {^…} preprocessor directives', () => {
  it('renders each page with its directives run against the website design options, and no {^ left', () => {
    const renderer = createPreprocessingThemeRenderer(themeWithDirectives(), ASSETS);
    const centred = renderer.renderPage('page', pageContext('centered'), CHROME);
    expect(centred.errors).toEqual([]);
    expect(centred.html).toContain('<p class="mark">centred header</p>');
    const classic = renderer.renderPage('page', pageContext('classic'), CHROME);
    expect(classic.html).toContain('<p class="mark">classic header</p>');
    expect(classic.html).not.toContain('{^');
    // The form widget's block template (sent to the browser) is preprocessed with the website's design too.
    expect(renderer.partial('content-block.block', pageContext('split'))).toMatch(/^<div data-header="split">/);
    expect(renderer.partial('content-block.block')).not.toContain('{^');
  });

  it('escapes what a directive prints as its formatter says, and reports a broken directive without breaking the page', () => {
    const renderer = createPreprocessingThemeRenderer(themeWithDirectives(), ASSETS);
    expect(renderer.renderPage('page', pageContext('<b>bold</b>'), CHROME).html).toContain('<p class="mark">&lt;b&gt;bold&lt;/b&gt; header</p>');
    const broken = loadTheme();
    const answer = createPreprocessingThemeRenderer({ ...broken, layout: broken.layout.replace('</body>', '{^website.siteTitle|nosuchformatter}</body>') }, ASSETS)
      .renderPage('page', pageContext('classic'), CHROME);
    expect(answer.html).toContain('</html>');
    expect(answer.errors.map((error) => error.message).join()).toMatch(/nosuchformatter/);
  });

  it('keeps at most PREPROCESSED_VARIANT_CAP compiled variants, and a theme without directives is compiled once as before', () => {
    const renderer = createPreprocessingThemeRenderer(themeWithDirectives(), ASSETS);
    for (let index = 0; index <= PREPROCESSED_VARIANT_CAP + 2; index += 1) {
      expect(renderer.renderPage('page', pageContext(`h${index}`), CHROME).html).toContain(`<p class="mark">h${index} header</p>`);
    }
    expect(themeHasPreprocessorDirectives(loadTheme())).toBe(false);
    const plain = loadTheme();
    expect(preprocessTheme(plain, { website: { design: { options: {} } } }).theme).toEqual(plain);
    const same = createPreprocessingThemeRenderer(plain, ASSETS).renderPage('page', pageContext('classic'), CHROME).html;
    expect(same).toBe(createThemeRenderer(plain, ASSETS).renderPage('page', pageContext('classic'), CHROME).html);
  });
});
