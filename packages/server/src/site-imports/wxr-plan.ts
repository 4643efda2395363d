import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { CONTENT_LIMITS } from '@vitrine/blocks';
import { COMMENT_LIMITS, SITE_IMPORT_LIMITS, SITE_IMPORT_MESSAGES } from '@vitrine/contracts';
import { invalid } from '../failures';

/**
 * A WXR file (WordPress eXtended RSS: WordPress's Tools → Export, and Squarespace's "Export to WordPress") read into
 * what the import writes, pure and bounded. What maps to what (README "Imports from WordPress and Squarespace"):
 * - `<item>` with `wp:post_type` page → a page, post → a blog post, attachment → a picture (fetched later);
 *   other types (menus, revisions, custom types) are left out;
 * - `wp:status` publish → published, anything else (draft, pending, private, future) → draft;
 * - `<category domain="category">` → the post's categories, `domain="post_tag"` → its tags (by name);
 * - `dc:creator` → the author's display name from `<wp:author>` (the login when there is none);
 * - `wp:comment` of type comment (not pingbacks or trackbacks) → comments: approved (1) as approved, spam as
 *   spam, the rest held for moderation (pending), each with its parent;
 * - a post's `_thumbnail_id` (postmeta) → its main image, the attachment it names;
 * - the item's `<link>` path, `/?p={id}` (`/?page_id={id}` for pages) and, for Squarespace, `/blog/{slug}` are
 *   the old addresses redirected to the new one.
 */

export type PlanStatus = 'published' | 'draft';

export interface PlanComment {
  wpId: string;
  parentWpId: string | null;
  authorName: string;
  authorEmail: string;
  body: string;
  status: 'approved' | 'pending' | 'spam';
  createdAt: string | null;
}

export interface PlanEntry {
  wpId: string;
  title: string;
  /** The slug it had (wp:post_name), as a url id here; empty when it had none (derived from the title then). */
  slug: string;
  status: PlanStatus;
  publishedAt: string | null;
  html: string;
  excerpt: string;
  authorName: string;
  categories: string[];
  tags: string[];
  commentsOpen: boolean;
  comments: PlanComment[];
  /** Old paths on the site it came from (no host), redirected to its new address. */
  oldPaths: string[];
  /** `p` for posts, `page_id` for pages: the query WordPress's plain links use (`/?p=123`). */
  idQuery: 'p' | 'page_id';
  /** The featured image's address (the attachment `_thumbnail_id` names), or null. */
  featuredPicture: string | null;
}

export interface WxrPlan {
  siteTitle: string;
  pages: PlanEntry[];
  posts: PlanEntry[];
  /** Attachments' addresses (pictures only), fetched into the media library. */
  attachments: string[];
}

const ARRAYS = new Set(['rss.channel.item', 'rss.channel.item.wp:comment', 'rss.channel.item.category', 'rss.channel.wp:author', 'rss.channel.item.wp:postmeta']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (_name, jPath) => ARRAYS.has(String(jPath)),
});

type Node = Record<string, unknown>;

/** A node's text: a string, a CDATA or text child, or '' (an empty element parses as ''). */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object') {
    const text = (value as Node)['#text'];
    if (typeof text === 'string' || typeof text === 'number') return String(text);
  }
  return '';
}

const field = (node: Node, name: string) => textOf(node[name]).trim();
const bounded = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** A date WordPress wrote as `2024-05-01 10:00:00` (GMT), or an RSS pubDate; null when neither reads. */
function instantOf(gmt: string, pubDate: string): string | null {
  if (/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(gmt) && !gmt.startsWith('0000')) return new Date(`${gmt.replace(' ', 'T')}Z`).toISOString();
  const parsed = Date.parse(pubDate);
  return Number.isFinite(parsed) ? new Date(parsed).toISOString() : null;
}

/** The path of an address on the old site (no host, no query), or undefined for none or another scheme. */
function pathOf(link: string): string | undefined {
  try {
    const url = new URL(link);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.pathname === '/' ? undefined : decodeURI(url.pathname);
  } catch {
    return undefined;
  }
}

/** A slug as our url ids are written (lowercase letters, digits, single dashes), or '' when nothing is left. */
export function urlIdOfSlug(slug: string): string {
  let decoded = slug;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    // kept as written
  }
  return decoded
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CONTENT_LIMITS.urlIdLength);
}

function labelsOf(item: Node, domain: string, max: number): string[] {
  const categories = (item.category as unknown[] | undefined) ?? [];
  const names = categories
    .filter((entry) => entry && typeof entry === 'object' && (entry as Node)['@_domain'] === domain)
    .map((entry) => bounded(textOf(entry).trim(), max).trim())
    .filter((name) => name !== '');
  return [...new Set(names)].slice(0, 50);
}

function commentsOf(item: Node): PlanComment[] {
  const comments = (item['wp:comment'] as Node[] | undefined) ?? [];
  return comments
    .filter((comment) => ['', 'comment'].includes(field(comment, 'wp:comment_type')))
    .map((comment) => {
      const approved = field(comment, 'wp:comment_approved');
      const parent = field(comment, 'wp:comment_parent');
      return {
        wpId: field(comment, 'wp:comment_id'),
        parentWpId: parent === '' || parent === '0' ? null : parent,
        authorName: bounded(field(comment, 'wp:comment_author') || 'Anonymous', COMMENT_LIMITS.nameMaxLength),
        authorEmail: bounded(field(comment, 'wp:comment_author_email'), 254),
        body: bounded(field(comment, 'wp:comment_content'), COMMENT_LIMITS.bodyMaxLength),
        status: approved === '1' ? ('approved' as const) : approved === 'spam' ? ('spam' as const) : ('pending' as const),
        createdAt: instantOf(field(comment, 'wp:comment_date_gmt'), ''),
      };
    })
    .filter((comment) => comment.body !== '');
}

/** Reads and checks a WXR file: a 400 with a message for one that is not XML, not WXR, empty or past the limits. */
export function readWxrPlan(xml: string): WxrPlan {
  // A byte order mark some editors write would make the declaration not the first thing in the file.
  xml = xml.replace(/^\uFEFF/, '');
  // WXR never declares a DOCTYPE: one is refused rather than read, so no entity can expand (the "billion laughs").
  if (/<!DOCTYPE/i.test(xml.slice(0, 4096)) || /<!ENTITY/i.test(xml)) throw invalid(SITE_IMPORT_MESSAGES.unreadable, { file: SITE_IMPORT_MESSAGES.unreadable });
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const message = `${SITE_IMPORT_MESSAGES.unreadable} (line ${valid.err.line}: ${valid.err.msg})`;
    throw invalid(message, { file: message });
  }
  const root = parser.parse(xml) as Node;
  const channel = (root.rss as Node | undefined)?.channel as Node | undefined;
  if (!channel || typeof channel !== 'object') throw invalid(SITE_IMPORT_MESSAGES.notWxr, { file: SITE_IMPORT_MESSAGES.notWxr });
  const items = (channel.item as Node[] | undefined) ?? [];
  if (items.length > SITE_IMPORT_LIMITS.items) throw invalid(SITE_IMPORT_MESSAGES.tooManyItems, { file: SITE_IMPORT_MESSAGES.tooManyItems });

  const authors = new Map<string, string>();
  for (const author of (channel['wp:author'] as Node[] | undefined) ?? []) {
    const login = field(author, 'wp:author_login');
    if (login) authors.set(login, field(author, 'wp:author_display_name') || login);
  }

  const plan: WxrPlan = { siteTitle: bounded(field(channel, 'title'), 200), pages: [], posts: [], attachments: [] };
  // Attachments by id, for the featured images (an attachment may come after the post that shows it).
  const attachmentById = new Map<string, string>();
  for (const item of items) {
    if (field(item, 'wp:post_type') !== 'attachment') continue;
    const url = field(item, 'wp:attachment_url') || field(item, 'guid');
    if (/^https?:\/\//i.test(url) && /\.(jpe?g|png|gif|webp|avif)(\?|$)/i.test(url)) {
      plan.attachments.push(url);
      attachmentById.set(field(item, 'wp:post_id'), url);
    }
  }
  let comments = 0;
  for (const item of items) {
    const type = field(item, 'wp:post_type');
    if (type !== 'page' && type !== 'post') continue;
    const wpId = field(item, 'wp:post_id');
    const slug = urlIdOfSlug(field(item, 'wp:post_name'));
    const creator = field(item, 'dc:creator');
    const entryComments = commentsOf(item);
    comments += entryComments.length;
    const oldPaths = new Set<string>();
    const linkPath = pathOf(field(item, 'link'));
    if (linkPath) oldPaths.add(linkPath);
    const entry: PlanEntry = {
      wpId,
      title: bounded(field(item, 'title') || field(item, 'wp:post_name') || 'Untitled', 200),
      slug,
      status: field(item, 'wp:status') === 'publish' ? 'published' : 'draft',
      publishedAt: instantOf(field(item, 'wp:post_date_gmt'), field(item, 'pubDate')),
      html: bounded(field(item, 'content:encoded'), SITE_IMPORT_LIMITS.htmlLength),
      excerpt: bounded(field(item, 'excerpt:encoded').replace(/<[^>]*>/g, ''), 5_000),
      authorName: bounded(authors.get(creator) ?? creator, 200),
      categories: type === 'post' ? labelsOf(item, 'category', CONTENT_LIMITS.categoryLength) : [],
      tags: type === 'post' ? labelsOf(item, 'post_tag', CONTENT_LIMITS.tagLength) : [],
      commentsOpen: field(item, 'wp:comment_status') === 'open',
      comments: type === 'post' ? entryComments : [],
      oldPaths: [],
      idQuery: type === 'post' ? 'p' : 'page_id',
      featuredPicture: null,
    };
    const thumbnail = ((item['wp:postmeta'] as Node[] | undefined) ?? []).find((meta) => field(meta, 'wp:meta_key') === '_thumbnail_id');
    if (type === 'post' && thumbnail) entry.featuredPicture = attachmentById.get(field(thumbnail, 'wp:meta_value')) ?? null;
    // Squarespace's posts lived at /blog/{slug} (its export's links say so too, when the blog was called "blog").
    if (type === 'post' && slug) oldPaths.add(`/blog/${slug}`);
    entry.oldPaths = [...oldPaths];
    (type === 'page' ? plan.pages : plan.posts).push(entry);
  }
  if (comments > SITE_IMPORT_LIMITS.comments) throw invalid(SITE_IMPORT_MESSAGES.tooManyComments, { file: SITE_IMPORT_MESSAGES.tooManyComments });
  if (plan.pages.length + plan.posts.length + plan.attachments.length === 0) throw invalid(SITE_IMPORT_MESSAGES.empty, { file: SITE_IMPORT_MESSAGES.empty });
  plan.attachments = [...new Set(plan.attachments)];
  return plan;
}
