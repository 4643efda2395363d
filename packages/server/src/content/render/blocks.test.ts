import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { BLOCK_TYPES, BLOCK_VARIANTS, singleColumnSection, type PageBody } from '@vitrine/blocks';
import { loadTheme } from '@vitrine/theme';
import { createThemeRenderer } from '../../rendering/theme-renderer';
import { blockNeeds, EMPTY_BLOCK_DATA, renderBody, type BlockData, type RenderedSection } from './index';
import type { ImageAsset } from './images';
import { FRAME_HOSTS, frameSourcesOf, playerAddressOf } from './embeds';
import { sanitiseRichText } from './rich-text';

const theme = createThemeRenderer(loadTheme(), { stylesheet: '/assets/theme/site.css', script: null, preloads: [] });
const WEBSITE = { id: 'w', identifier: 'demo', siteTitle: 'Shop', language: 'en-US', timeZone: 'UTC', baseCurrency: 'USD', captchaSettings: { siteKey: null } };

const PHOTO: ImageAsset = { id: 'img-1', assetUrl: '/images/img-1/photo.jpg', width: 1600, height: 1200, altText: '', title: 'A bowl', body: '', filename: 'photo.jpg', focalPoint: { x: 0.25, y: 0.75 } };

let blockCount = 0;
const bodyOf = (...blocks: Array<{ type: number; settings: Record<string, unknown> }>): PageBody => ({
  schemaVersion: 1,
  sections: [singleColumnSection('s', blocks.map((block) => ({ id: `b${++blockCount}`, ...block })))],
});

function sectionsOf(body: PageBody, data: Partial<BlockData> = {}, warn = vi.fn()): RenderedSection[] {
  return renderBody(body, { ...EMPTY_BLOCK_DATA, ...data }, warn);
}

/** The page's <main> content as the real theme renders it. */
function render(body: PageBody, data: Partial<BlockData> = {}): string {
  const sections = sectionsOf(body, data);
  const { html, errors } = theme.renderPage('page', { pageType: 2, website: WEBSITE, websiteSettings: {}, contentPage: { id: 'p', title: 'Page', fullUrl: '/page' }, sections }, { path: '/page', visitorCart: null, navigation: [], storeUrl: '/shop' });
  expect(errors).toEqual([]);
  const start = html.indexOf('<article class="content-page');
  return html.slice(start, html.indexOf('</article>', start) + 10);
}

const one = (type: number, settings: Record<string, unknown>, data: Partial<BlockData> = {}) => sectionsOf(bodyOf({ type, settings }), data)[0]!.columns[0]!.blocks[0];

describe('section colour themes', () => {
  it('carries a section’s colour theme to the page as data-colour-theme; the page’s own colours (light, or none) add nothing', () => {
    // Stored before sections had columns: each flat section renders as one column, with the markup it always had.
    const body = {
      schemaVersion: 1,
      sections: [
        { id: 'plain', blocks: [{ id: 'c1', type: 21, settings: { height: 10 } }] },
        { id: 'dark', colourTheme: 'dark', blocks: [{ id: 'c2', type: 21, settings: { height: 10 } }] },
        { id: 'light', colourTheme: 'light', blocks: [{ id: 'c3', type: 21, settings: { height: 10 } }] },
        { id: 'empty', colourTheme: 'accent', blocks: [] },
      ],
    } as unknown as PageBody;
    expect(sectionsOf(body).map((section) => section.colourTheme)).toEqual([undefined, 'dark', undefined, 'accent']);
    const html = render(body);
    // An empty section draws nothing, as before.
    expect(html.match(/<div class="page-section"[^>]*>/g)).toEqual(['<div class="page-section">', '<div class="page-section" data-colour-theme="dark">', '<div class="page-section">']);
  });
});

describe('sections with columns, spacing and a background', () => {
  const spacer = (id: string) => ({ id, type: BLOCK_TYPES.spacer, settings: { height: 10 } });
  const text = (id: string, html: string) => ({ id, type: BLOCK_TYPES.html, settings: { html } });
  const threeColumns: PageBody = {
    schemaVersion: 1,
    sections: [{
      id: 'features',
      type: 'content',
      colourTheme: 'accent',
      spacing: 'large',
      columns: [
        { id: 'one', blocks: [text('t1', '<h3>Made by hand</h3>')] },
        { id: 'two', blocks: [text('t2', '<h3>Free returns</h3>')] },
        { id: 'three', blocks: [text('t3', '<h3>Built to last</h3>'), spacer('sp')] },
      ],
    }],
  };

  it('renders a 3-column section as a grid of its columns, each with its blocks, in the theme', () => {
    expect(sectionsOf(threeColumns)[0]).toMatchObject({ id: 'features', type: 'content', spacing: 'large', colourTheme: 'accent', columnCount: 3, multiColumn: true, hasBlocks: true });
    const html = render(threeColumns);
    expect(html).toContain('<div class="page-section page-section--spacing-large page-section--columns" data-colour-theme="accent"><div class="page-section-columns page-section-columns--3">');
    expect(html.match(/<div class="page-section-column" id="column-[a-z]+">/g)).toEqual([
      '<div class="page-section-column" id="column-one">',
      '<div class="page-section-column" id="column-two">',
      '<div class="page-section-column" id="column-three">',
    ]);
    expect(html).toContain('<div class="page-section-column" id="column-three"><div class="block block--html" id="block-t3">');
    expect(html).toContain('id="block-sp"');
  });

  it('draws a picture or a video behind a section, and keeps one column’s markup as it was', () => {
    const hero: PageBody = {
      schemaVersion: 1,
      sections: [
        { id: 'hero', type: 'content', colourTheme: 'dark', background: { kind: 'image', url: '/assets/theme/sections/hero.svg', alt: '' }, columns: [{ id: 'c', blocks: [text('h', '<h2>Hello</h2>')] }] },
        { id: 'film', type: 'content', background: { kind: 'video', url: 'https://videos.example.com/a.mp4', posterUrl: '' }, columns: [{ id: 'v', blocks: [spacer('s2')] }] },
      ],
    };
    const html = render(hero);
    expect(html).toContain('<div class="page-section page-section--backdrop" data-colour-theme="dark"><img class="page-section-backdrop" src="/assets/theme/sections/hero.svg" alt="" loading="lazy" decoding="async"><div class="block block--html" id="block-h">');
    expect(html).toContain('<video class="page-section-backdrop" src="https://videos.example.com/a.mp4" autoplay muted loop playsinline aria-hidden="true"></video>');
  });

  it('stacks the columns on phones (< 750 px) in the sections feature sheet, outside the base sheet', () => {
    const sheet = readFileSync(new URL('../../../../theme/assets/features/sections.css', import.meta.url), 'utf8');
    expect(sheet).toContain('.page-section-columns { display: grid; grid-template-columns: repeat(var(--section-columns, 2), minmax(0, 1fr));');
    expect(sheet).toMatch(/@media \(max-width: 749px\) \{\s*\.page-section-columns \{ grid-template-columns: minmax\(0, 1fr\); \}/);
    expect(readFileSync(new URL('../../../../theme/assets/site.css', import.meta.url), 'utf8')).not.toContain('.page-section-columns');
  });
});

describe('text and markdown', () => {
  it('keeps the allow-list and drops everything else', () => {
    expect(sanitiseRichText('<h2>Hi</h2><p class="x" style="color:red" onclick="alert(1)">a <u>b</u> <s>c</s> <code>d</code></p><hr><blockquote>q</blockquote><pre>p</pre>'))
      .toBe('<h2>Hi</h2><p>a <u>b</u> <s>c</s> <code>d</code></p><hr><blockquote>q</blockquote><pre>p</pre>');
    expect(sanitiseRichText('<a href="tel:+15035550100">Call</a> <a href="mailto:a@b.c">Mail</a> <a href="/shop">Shop</a> <a href="https://x.test/">X</a>'))
      .toBe('<a href="tel:+15035550100">Call</a> <a href="mailto:a@b.c">Mail</a> <a href="/shop">Shop</a> <a href="https://x.test/">X</a>');
  });

  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<img src=x onerror=alert(1)>ok', 'ok'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['"><svg onload=alert(1)>gone', '"&gt;'],
    ['<iframe src="https://evil.test"></iframe>ok', 'ok'],
  ])('hostile rich text %s never executes', (html, clean) => {
    expect(sanitiseRichText(html)).toBe(clean);
    const page = render(bodyOf({ type: BLOCK_TYPES.html, settings: { html } }));
    expect(page).not.toMatch(/<script|onerror=|onload=|javascript:|<svg onload|<iframe/i);
  });

  it('markdown goes through marked and the same sanitiser', () => {
    expect(one(BLOCK_TYPES.markdown, { markdown: '## Hello\n\nSome **bold** and [a link](https://x.test) <script>alert(1)</script> [bad](javascript:alert(1))' })?.view)
      .toEqual({ html: '<h2>Hello</h2>\n<p>Some <strong>bold</strong> and <a href="https://x.test">a link</a>  <a>bad</a></p>\n' });
  });

  it('markdown headings fit under the page title: # is h2, ##### is h4', () => {
    expect(one(BLOCK_TYPES.markdown, { markdown: '# One\n\n### Three\n\n##### Five' })?.view).toEqual({ html: '<h2>One</h2>\n<h3>Three</h3>\n<h4>Five</h4>\n' });
  });

  it('an empty text block renders nothing', () => {
    expect(sectionsOf(bodyOf({ type: BLOCK_TYPES.html, settings: { html: '  ' } }))[0]!.columns[0]!.blocks).toEqual([]);
  });
});

describe('image', () => {
  it('has every responsive width, the alt text fallback, the focal point and lazy loading', () => {
    const page = render(bodyOf({ type: BLOCK_TYPES.image, settings: { imageId: 'img-1', caption: 'Thrown <b>by hand</b>', design: 'card' } }), { images: new Map([['img-1', PHOTO]]) });
    expect(page).toContain('<figure class="image-block image-block--card">');
    expect(page).toContain('srcset="/images/img-1/photo.jpg?format=100w 100w, /images/img-1/photo.jpg?format=300w 300w, /images/img-1/photo.jpg?format=500w 500w, /images/img-1/photo.jpg?format=750w 750w, /images/img-1/photo.jpg?format=1000w 1000w, /images/img-1/photo.jpg?format=1500w 1500w, /images/img-1/photo.jpg?format=2500w 2500w"');
    expect(page).toContain('alt="A bowl" width="1600" height="1200" style="object-position: 25% 75%" loading="lazy" decoding="async"');
    expect(page).toContain('<figcaption class="image-block-caption">Thrown &lt;b&gt;by hand&lt;/b&gt;</figcaption>');
  });

  it('a hero (priority high) loads at once; the block alt text and focal point win; the design is its variant', () => {
    const block = one(BLOCK_TYPES.image, { imageId: 'img-1', altText: 'Bowls "on" a shelf', focalPoint: { x: 0.5, y: 0.1 }, priority: 'high', design: 'poster' }, { images: new Map([['img-1', PHOTO]]) });
    expect(block).toMatchObject({ variant: BLOCK_VARIANTS.imagePoster, view: { image: { alt: 'Bowls "on" a shelf', objectPosition: '50% 10%', loading: 'eager', fetchPriority: 'high' } } });
    const page = render(bodyOf({ type: BLOCK_TYPES.image, settings: { imageId: 'img-1', altText: '"><svg onload=alert(1)>', link: 'javascript:alert(1)' } }), { images: new Map([['img-1', PHOTO]]) });
    expect(page).toContain('alt="&quot;&gt;&lt;svg onload=alert(1)&gt;"');
    expect(page).not.toContain('javascript:');
  });

  it('a missing image renders nothing', () => {
    expect(sectionsOf(bodyOf({ type: BLOCK_TYPES.image, settings: { imageId: 'gone' } }))[0]!.columns[0]!.blocks).toEqual([]);
  });
});

describe('gallery', () => {
  const images = new Map([['img-1', PHOTO], ['img-2', { ...PHOTO, id: 'img-2', assetUrl: '/images/img-2/two.jpg', title: '' }]]);
  const list = [{ imageId: 'img-1', title: 'One', description: 'First <b>' }, { imageId: 'img-2', altText: 'Two cups' }, { imageId: 'gone' }];

  it('grid ships no JavaScript and honours columns, padding, aspect ratio, crop and meta position', () => {
    const page = render(bodyOf({ type: BLOCK_TYPES.gallery, settings: { images: list, design: 'grid', 'thumbnails-per-row': 3, padding: 8, 'aspect-ratio': 'widescreen', 'meta-position': 'top-left', 'show-meta-on-hover': true } }), { images });
    expect(page).toContain('<div class="gallery-block gallery-block--grid gallery-block--meta-top-left gallery-block--crop gallery-block--meta-hover gallery-block--align-center" style="--gallery-columns: 3; --gallery-padding: 8px; --gallery-aspect-ratio: 1.7778; --gallery-max-width: 300px" role="region" aria-label="Gallery">');
    expect(page).not.toContain('data-island');
    expect(page.match(/<li class="gallery-block-item">/g)).toHaveLength(2);
    expect(page).toContain('<strong>One</strong><span>First &lt;b&gt;</span>');
    expect(page).toContain('alt="Two cups"');
  });

  it('stacked, slideshow and slider are plain HTML and CSS (the two last scroll by scroll-snap); a lightbox, autoplay or slide controls use the Gallery island', () => {
    expect(one(BLOCK_TYPES.gallery, { images: list, design: 'stacked' }, { images })).toMatchObject({ variant: BLOCK_VARIANTS.galleryStack, view: { interactive: false } });
    expect(render(bodyOf({ type: BLOCK_TYPES.gallery, settings: { images: list, design: 'stacked' } }), { images })).not.toContain('data-island');
    const slideshow = render(bodyOf({ type: BLOCK_TYPES.gallery, settings: { images: list, design: 'slideshow' } }), { images });
    expect(slideshow).not.toContain('data-island');
    expect(slideshow).toContain('role="region" aria-label="Gallery" tabindex="0">');
    expect(slideshow).toContain('class="gallery-block gallery-block--slideshow');
    expect(render(bodyOf({ type: BLOCK_TYPES.gallery, settings: { images: list, design: 'slider', 'active-alignment': 'left' } }), { images })).toContain('gallery-block--slider gallery-block--meta-bottom gallery-block--crop gallery-block--align-left');
    for (const settings of [{ design: 'slideshow', autoplay: true }, { design: 'slideshow', thumbnails: true }, { design: 'slider', controls: true }, { design: 'grid', lightbox: true }]) {
      const page = render(bodyOf({ type: BLOCK_TYPES.gallery, settings: { images: list, ...settings } }), { images });
      expect(page).toContain('data-island="Gallery"');
    }
    expect(one(BLOCK_TYPES.gallery, { images: list, design: 'slider' }, { images })?.variant).toBe(BLOCK_VARIANTS.galleryCarousel);
  });

  it('out-of-range settings take the §9 defaults or limits', () => {
    const view = one(BLOCK_TYPES.gallery, { images: list, 'thumbnails-per-row': 40, padding: -3, design: 'mosaic' }, { images })?.view as { settings: Record<string, unknown> };
    expect(view.settings).toMatchObject({ 'thumbnails-per-row': 10, padding: 0, design: 'grid' });
  });
});

describe('simple blocks', () => {
  it('button, spacer, line, quote and search', () => {
    const page = render(bodyOf(
      { type: BLOCK_TYPES.button, settings: { label: 'Book <now>', url: '/book', size: 'large', alignment: 'left', newWindow: true } },
      { type: BLOCK_TYPES.button, settings: { label: 'Bad', url: 'javascript:alert(1)' } },
      { type: BLOCK_TYPES.spacer, settings: { height: 9999 } },
      { type: BLOCK_TYPES.horizontalrule, settings: {} },
      { type: BLOCK_TYPES.quote, settings: { quote: '<script>alert(1)</script>Be kind', source: 'Mum' } },
      { type: BLOCK_TYPES.search, settings: { placeholder: 'Find "it"' } },
    ));
    expect(page).toContain('<div class="button-block button-block--left"><a class="button button--primary button--large" href="/book" target="_blank" rel="noopener">Book &lt;now&gt;</a></div>');
    expect(page).not.toContain('javascript:');
    expect(page).toContain('<div class="spacer-block" style="height: 600px" aria-hidden="true"></div>');
    expect(page).toContain('<hr class="rule-block">');
    expect(page).toContain('<blockquote><p>&lt;script&gt;alert(1)&lt;/script&gt;Be kind</p></blockquote><figcaption>— Mum</figcaption>');
    expect(page).toContain('<form class="search-block" action="/search" method="get" role="search" aria-label="Search this site"><input type="search" name="q" placeholder="Find &quot;it&quot;" aria-label="Search this site">');
  });

  it('accordion: details without JavaScript, one open at a time unless several are allowed; answers sanitised', () => {
    const items = [{ title: 'Shipping?', body: '<p>Two days <img src=x onerror=alert(1)></p>' }, { title: '<b>Returns</b>', body: '' }];
    const page = render(bodyOf({ type: BLOCK_TYPES.accordion, settings: { items } }));
    expect(page).toMatch(/<details class="accordion-item" name="accordion-b\d+"><summary><span>Shipping\?<\/span>/);
    expect(page).toContain('<div class="accordion-body rich-text"><p>Two days </p></div>');
    expect(page).toContain('<span>&lt;b&gt;Returns&lt;/b&gt;</span>');
    expect(render(bodyOf({ type: BLOCK_TYPES.accordion, settings: { items, allowMultipleOpen: true } }))).toContain('<details class="accordion-item"><summary>');
  });

  it('social links: each network with its icon and name; unsafe links left out', () => {
    const page = render(bodyOf({ type: BLOCK_TYPES['socialaccountlinks-v2'], settings: { links: [
      { network: 'instagram', url: 'https://www.instagram.com/shop' },
      { network: 'email', url: 'hello@shop.test' },
      { network: 'x', url: 'javascript:alert(1)' },
      { network: 'github', url: 'https://github.com/shop' },
    ] } }));
    expect(page).toContain('<a class="social-link social-link--instagram" href="https://www.instagram.com/shop" rel="noopener" target="_blank"><svg class="social-link-icon"');
    expect(page).toContain('<span class="social-link-label">Instagram</span>');
    expect(page).toContain('href="mailto:hello@shop.test"');
    expect(page).toContain('<span class="social-link-label">GitHub</span>');
    expect(page).not.toContain('javascript:');
  });

  it('marquee moves by CSS alone and keeps its text for screen readers; shape is inline SVG', () => {
    const page = render(bodyOf({ type: BLOCK_TYPES.marquee, settings: { text: 'Free <shipping>', speed: 10 } }, { type: BLOCK_TYPES.shape, settings: { shape: 'star', color: 'red;background:url(x)', size: 80 } }));
    expect(page).toContain('<div class="marquee-block marquee-block--left marquee-block--pause" style="--marquee-duration: 6s"><p class="visually-hidden">Free &lt;shipping&gt;</p>');
    expect(page).toContain('<svg viewBox="0 0 100 100" width="80" height="80" aria-hidden="true" focusable="false"><path d="M50 0l14.7');
    expect(page).toContain('fill="var(--color-accent)"');
  });
});

describe('code, embed, video and map', () => {
  it('code shows the owner HTML in a sandboxed srcdoc frame with no same-origin; or as text', () => {
    const page = render(bodyOf({ type: BLOCK_TYPES.code, settings: { html: '<script>document.cookie</script><p onclick="x">"hi"</p>' } }));
    expect(page).toMatch(/<iframe class="code-block" title="Embedded content" sandbox="allow-scripts allow-popups" srcdoc="[^"]*&lt;script&gt;document.cookie&lt;\/script&gt;&lt;p onclick=&quot;x&quot;&gt;&quot;hi&quot;/);
    expect(page).not.toContain('<script>document.cookie');
    expect(page).not.toContain('allow-same-origin');
    expect(render(bodyOf({ type: BLOCK_TYPES.code, settings: { html: '<b>x</b>', displaySource: true } }))).toContain('<pre class="code-block-source"><code>&lt;b&gt;x&lt;/b&gt;</code></pre>');
  });

  it("a page's frame-src is the origins of the players it shows, among the providers' players only", () => {
    expect(frameSourcesOf([])).toEqual([]);
    expect(frameSourcesOf(['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ'])).toEqual(['https://www.youtube-nocookie.com']);
    expect(frameSourcesOf(['https://player.vimeo.com/video/1', 'https://www.youtube-nocookie.com/embed/x'])).toEqual(['https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
    // An address elsewhere (or not https) widens nothing.
    expect(frameSourcesOf(['https://evil.test/embed/x', 'http://player.vimeo.com/video/1', 'not an address', '/frames/page/p/b'])).toEqual([]);
    // Every address a block plays is framed by its own rule.
    for (const address of ['https://youtu.be/dQw4w9WgXcQ', 'https://vimeo.com/76979871']) expect(frameSourcesOf([playerAddressOf(address)!])).toHaveLength(1);
    expect(FRAME_HOSTS).toEqual(['https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
  });

  it('YouTube and Vimeo addresses play in the provider player (youtube-nocookie); other oEmbed HTML is sandboxed', () => {
    expect(playerAddressOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(playerAddressOf('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(playerAddressOf('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(playerAddressOf('https://evil.test/watch?v=x')).toBeUndefined();
    expect(playerAddressOf('javascript:alert(1)')).toBeUndefined();
    const page = render(bodyOf(
      { type: BLOCK_TYPES.video, settings: { url: 'https://youtu.be/dQw4w9WgXcQ', oembed: { title: 'Our <studio>', html: '' }, caption: 'A tour' } },
      { type: BLOCK_TYPES.embed, settings: { url: 'https://example.test/post', oembed: { html: '<blockquote>post</blockquote><script src="https://example.test/w.js"></script>', title: 'A post' } } },
    ));
    expect(page).toContain('<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Our &lt;studio&gt;"');
    expect(page).toContain('<figcaption>A tour</figcaption>');
    expect(page).toMatch(/<iframe class="embed-block-frame" title="A post" sandbox="allow-scripts allow-popups" srcdoc="[^"]*&lt;blockquote&gt;post/);
  });

  it('map draws a placeholder with the address and an OpenStreetMap link when it has coordinates', () => {
    const page = render(bodyOf({ type: BLOCK_TYPES.map, settings: { addressLine1: '1 Main St', addressLine2: '<Portland>', addressCountry: 'US', mapLat: 45.5, mapLng: -122.6 } }));
    expect(page).toContain('<figcaption class="map-block-address"><span>1 Main St</span><span>&lt;Portland&gt;</span><span>US</span><a href="https://www.openstreetmap.org/?mlat=45.5&amp;mlon=-122.6#map=16/45.5/-122.6" rel="noopener" target="_blank">Open in OpenStreetMap</a></figcaption>');
    expect(render(bodyOf({ type: BLOCK_TYPES.map, settings: { addressLine1: 'Somewhere' } }))).not.toContain('OpenStreetMap');
  });
});

describe('chart', () => {
  it('draws bars as inline SVG with a hidden data table, no JavaScript', () => {
    const page = render(bodyOf({ type: BLOCK_TYPES.chart, settings: { design: 'bar', title: 'Sales <2026>', dataset: 'Month,Mugs,Bowls\nJan,10,5\nFeb,20,15' } }));
    expect(page).toContain('<figcaption class="chart-block-title">Sales &lt;2026&gt;</figcaption>');
    expect(page.match(/<rect /g)).toHaveLength(4);
    expect(page).toContain('<title>Feb, Mugs: 20</title>');
    expect(page).toContain('<table class="visually-hidden"><caption>Sales &lt;2026&gt;</caption><thead><tr><th scope="col">Label</th><th scope="col">Mugs</th><th scope="col">Bowls</th></tr></thead><tbody><tr><th scope="row">Jan</th><td>10</td><td>5</td></tr>');
  });

  it('line and pie are their variants; a bad dataset renders nothing', () => {
    expect(one(BLOCK_TYPES.chart, { design: 'line', dataset: 'M,A\nJan,1\nFeb,3' })?.variant).toBe(BLOCK_VARIANTS.chartLine);
    const pie = one(BLOCK_TYPES.chart, { design: 'pie', dataset: 'Part,Share\nA,1\nB,3' });
    expect(pie?.variant).toBe(BLOCK_VARIANTS.chartPie);
    expect((pie?.view as { slices: unknown[] }).slices).toHaveLength(2);
    for (const dataset of ['', 'Month', 'Month,A', 'Month,A\nJan,']) expect(sectionsOf(bodyOf({ type: BLOCK_TYPES.chart, settings: { dataset } }))[0]!.columns[0]!.blocks).toEqual([]);
  });
});

describe('form, product and summary', () => {
  const form = { id: 'f1', kind: 'form', name: 'Contact', fields: [], submissionMessage: 'Thanks', submissionHTML: '', successRedirect: '', disclaimerMessage: '', captcha: false };

  it('a form block shows the SiteForm island; a deleted form renders nothing', () => {
    expect(render(bodyOf({ type: BLOCK_TYPES.form, settings: { formId: 'f1' } }), { forms: new Map([['f1', form]]) })).toContain('data-island="SiteForm"');
    expect(sectionsOf(bodyOf({ type: BLOCK_TYPES.newsletter, settings: { formId: 'gone' } }))[0]!.columns[0]!.blocks).toEqual([]);
  });

  it('a summary lists its entries in its design, escaped, with a View all link', () => {
    const entries = [{ title: 'Post <one>', url: '/blog/one', excerpt: 'Hello "world"', dateTime: '2026-01-02T00:00:00.000Z', dateLabel: 'January 2, 2026' }];
    const body = bodyOf({ type: BLOCK_TYPES['summary-v2'], settings: { collectionId: 'blog', design: 'carousel' } });
    const page = render(body, { summaries: new Map([[body.sections[0]!.columns[0]!.blocks[0]!.id, { entries, url: '/blog' }]]) });
    expect(page).toContain('<div class="summary-block summary-block--carousel">');
    expect(page).toContain('<h3 class="summary-card-title"><a href="/blog/one">Post &lt;one&gt;</a></h3>');
    expect(page).toContain('<p class="summary-card-excerpt">Hello &quot;world&quot;</p>');
    expect(page).toContain('<a href="/blog">View all</a>');
  });

  it('blockNeeds asks for the images, forms, products and summaries once each', () => {
    const needs = blockNeeds([bodyOf(
      { type: BLOCK_TYPES.image, settings: { imageId: 'a' } },
      { type: BLOCK_TYPES.gallery, settings: { images: [{ imageId: 'a' }, { imageId: 'b' }] } },
      { type: BLOCK_TYPES.form, settings: { formId: 'f' } },
      { type: BLOCK_TYPES.product, settings: { productId: 'p' } },
      { type: BLOCK_TYPES['summary-v2'], settings: { collectionId: 'c', count: 99, filterTag: 'news' } },
    )]);
    expect(needs).toMatchObject({ imageIds: ['a', 'b'], formIds: ['f'], productIds: ['p'], summaries: [{ collectionId: 'c', limit: 30, tag: 'news' }] });
  });
});

describe('block types we do not render', () => {
  it('render nothing and are logged once per process per code', () => {
    const warn = vi.fn();
    const body = bodyOf({ type: 64, settings: {} }, { type: BLOCK_TYPES.twitter, settings: {} }, { type: 64, settings: {} }, { type: 999, settings: {} }, { type: BLOCK_TYPES.html, settings: { html: 'kept' } });
    expect(sectionsOf(body, {}, warn)[0]!.columns[0]!.blocks.map((block) => block.typeName)).toEqual(['html']);
    sectionsOf(body, {}, warn);
    expect(warn.mock.calls).toEqual([
      ['content block type 64 (unknown) is not rendered', 64],
      ['content block type 6 (twitter) is not rendered', 6],
      ['content block type 999 (unknown) is not rendered', 999],
    ]);
  });
});
