/** The site's machine-read documents: the blog's RSS 2.0 feed, /sitemap.xml and /robots.txt. Pure: text in, text out. */

/** XML text and attribute escaping; characters XML 1.0 cannot hold at all are dropped. */
export function xmlEscape(text: string): string {
  return text
    .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export interface FeedPost {
  title: string;
  url: string;
  excerpt: string;
  publishedAt: Date | null;
  authorName: string;
  categories: string[];
  id: string;
}

/** How many posts the feed carries (the newest). */
export const FEED_SIZE = 20;

/** RSS 2.0 for a blog: its newest posts, each with its link, date (RFC 822), excerpt and categories. */
export function rssFeed(blog: { title: string; url: string; description: string; language: string }, posts: FeedPost[], builtAt: Date): string {
  const items = posts.map((post) => [
    '    <item>',
    `      <title>${xmlEscape(post.title)}</title>`,
    `      <link>${xmlEscape(post.url)}</link>`,
    `      <guid isPermaLink="false">${xmlEscape(post.id)}</guid>`,
    ...(post.publishedAt ? [`      <pubDate>${post.publishedAt.toUTCString()}</pubDate>`] : []),
    ...(post.authorName ? [`      <dc:creator>${xmlEscape(post.authorName)}</dc:creator>`] : []),
    ...post.categories.map((category) => `      <category>${xmlEscape(category)}</category>`),
    ...(post.excerpt ? [`      <description>${xmlEscape(post.excerpt)}</description>`] : []),
    '    </item>',
  ].join('\n'));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${xmlEscape(blog.title)}</title>`,
    `    <link>${xmlEscape(blog.url)}</link>`,
    `    <atom:link href="${xmlEscape(`${blog.url}?format=rss`)}" rel="self" type="application/rss+xml"/>`,
    `    <description>${xmlEscape(blog.description || blog.title)}</description>`,
    `    <language>${xmlEscape(blog.language)}</language>`,
    `    <lastBuildDate>${builtAt.toUTCString()}</lastBuildDate>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** One language version of a sitemap entry: its hreflang ('fr-FR', or 'x-default') and absolute address. */
export interface SitemapAlternate {
  hreflang: string;
  href: string;
}

/**
 * A sitemap (sitemaps.org 0.9): absolute addresses with their last change as a date. A site in several languages
 * (issue 39) lists every page once per language, each `<url>` naming all its language versions, itself included, and
 * `x-default` with `xhtml:link rel="alternate"` — Google's documented sitemap form of hreflang — so one sitemap
 * holds every language's addresses. `languages` gives the versions of a path; none: one language, the plain form.
 */
export function sitemapXml(origin: string, entries: Array<{ path: string; lastModified?: Date }>, languages?: (path: string) => SitemapAlternate[]): string {
  const seen = new Set<string>();
  const unique = entries.filter((entry) => !seen.has(entry.path) && seen.add(entry.path));
  const urls = unique.flatMap((entry) => {
    const lastmod = entry.lastModified ? [`    <lastmod>${entry.lastModified.toISOString().slice(0, 10)}</lastmod>`] : [];
    const versions = languages?.(entry.path) ?? [];
    if (versions.length === 0) return [['  <url>', `    <loc>${xmlEscape(new URL(entry.path, origin).href)}</loc>`, ...lastmod, '  </url>'].join('\n')];
    const links = versions.map((version) => `    <xhtml:link rel="alternate" hreflang="${xmlEscape(version.hreflang)}" href="${xmlEscape(version.href)}"/>`);
    return versions
      .filter((version) => version.hreflang !== 'x-default')
      .map((version) => ['  <url>', `    <loc>${xmlEscape(version.href)}</loc>`, ...lastmod, ...links, '  </url>'].join('\n'));
  });
  const urlset = languages
    ? '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'
    : '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
  return ['<?xml version="1.0" encoding="UTF-8"?>', urlset, ...urls, '</urlset>', ''].join('\n');
}

/** Everything may be crawled (per-visitor pages say noindex themselves); the sitemap is named with the origin. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
