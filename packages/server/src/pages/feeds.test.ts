import { describe, expect, it } from 'vitest';
import { robotsTxt, rssFeed, sitemapXml, xmlEscape } from './feeds';

describe('feeds', () => {
  it('escapes XML and drops characters XML cannot hold', () => {
    expect(xmlEscape(`Tea & <cake> "it's"\u0000\u0008\u000B ok`)).toBe('Tea &amp; &lt;cake&gt; &quot;it&apos;s&quot; ok');
  });

  it('writes an RSS 2.0 channel with each post', () => {
    const feed = rssFeed({ title: 'Journal', url: 'https://shop.test/journal', description: '', language: 'en-US' }, [
      { id: 'p1', title: 'A <b>post</b>', url: 'https://shop.test/journal/a', excerpt: 'Words & more', publishedAt: new Date(Date.UTC(2026, 0, 2, 3)), authorName: 'Ada', categories: ['News'] },
      { id: 'p2', title: 'Undated', url: 'https://shop.test/journal/b', excerpt: '', publishedAt: null, authorName: '', categories: [] },
    ], new Date(Date.UTC(2026, 1, 1)));
    expect(feed).toBe([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
      '  <channel>',
      '    <title>Journal</title>',
      '    <link>https://shop.test/journal</link>',
      '    <atom:link href="https://shop.test/journal?format=rss" rel="self" type="application/rss+xml"/>',
      '    <description>Journal</description>',
      '    <language>en-US</language>',
      '    <lastBuildDate>Sun, 01 Feb 2026 00:00:00 GMT</lastBuildDate>',
      '    <item>',
      '      <title>A &lt;b&gt;post&lt;/b&gt;</title>',
      '      <link>https://shop.test/journal/a</link>',
      '      <guid isPermaLink="false">p1</guid>',
      '      <pubDate>Fri, 02 Jan 2026 03:00:00 GMT</pubDate>',
      '      <dc:creator>Ada</dc:creator>',
      '      <category>News</category>',
      '      <description>Words &amp; more</description>',
      '    </item>',
      '    <item>',
      '      <title>Undated</title>',
      '      <link>https://shop.test/journal/b</link>',
      '      <guid isPermaLink="false">p2</guid>',
      '    </item>',
      '  </channel>',
      '</rss>',
      '',
    ].join('\n'));
  });

  it('writes a sitemap of absolute addresses, each once', () => {
    expect(sitemapXml('https://shop.test', [{ path: '/' }, { path: '/about', lastModified: new Date(Date.UTC(2026, 2, 4, 23)) }, { path: '/' }, { path: '/a&b' }])).toBe([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      '  <url>\n    <loc>https://shop.test/</loc>\n  </url>',
      '  <url>\n    <loc>https://shop.test/about</loc>\n    <lastmod>2026-03-04</lastmod>\n  </url>',
      '  <url>\n    <loc>https://shop.test/a&amp;b</loc>\n  </url>',
      '</urlset>',
      '',
    ].join('\n'));
  });

  it('robots.txt allows everything and names the sitemap', () => {
    expect(robotsTxt('https://shop.test')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://shop.test/sitemap.xml\n');
  });
});
