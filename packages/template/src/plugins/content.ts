// Content formatters: images, video, audio, comments, social buttons, colours, item classes, calendar links.
import { isOnSale, isSoldOut } from '@vitrine/commerce';
import { commerceRule } from './commerce';
import { validateHsla } from '@vitrine/format/colour';
import type { Formatter } from '../runtime';
import { toText } from '../runtime';
import { get, text } from './read';
import { escapeAttribute, escapeHtml, slugifyTitle } from './core';

const isBlank = (v: unknown): boolean => typeof v !== 'string' || v.trim() === '';
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Alt text for an image: title, else the body's text (tags become spaces) cut to 250 characters, else the filename. */
export function altTextOf(image: unknown): string {
  const title = get(image, 'title');
  if (!isBlank(title)) return title as string;
  const body = get(image, 'body');
  if (!isBlank(body)) {
    const stripped = (body as string).replace(/<[^>]*>/g, ' ');
    if (stripped.trim() !== '') return stripped.slice(0, 250);
  }
  const filename = get(image, 'filename');
  return isBlank(filename) ? '' : (filename as string);
}

function focalPoint(image: unknown): string {
  const x = get(image, 'mediaFocalPoint', 'x');
  const y = get(image, 'mediaFocalPoint', 'y');
  return typeof x === 'number' && typeof y === 'number' ? `${x},${y}` : '0.5,0.5';
}

/** The data attributes that describe an image for the front-end image loader. */
export function imageMetaAttributes(image: unknown, alt = altTextOf(image)): string {
  const url = escapeAttribute(text(get(image, 'assetUrl')));
  const licensed = get(image, 'licensedAssetPreview') !== undefined ? 'data-licensed-asset-preview="true" ' : '';
  return (
    `${licensed}data-src="${url}" data-image="${url}" data-image-dimensions="${escapeAttribute(text(get(image, 'originalSize')))}" ` +
    `data-image-focal-point="${focalPoint(image)}" alt="${escapeAttribute(alt)}"`
  );
}

const COLOR_POSITIONS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'] as const;

function commentCountLabel(count: number): string {
  if (count === 0) return 'No Comments';
  return count === 1 ? '1 Comment' : `${count} Comments`;
}

function utcStamp(ms: number): string {
  const iso = new Date(ms).toISOString(); // 2013-11-15T12:30:30.000Z
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/** A 'WxH' size as its two parts (text with exactly one 'x'), or null. */
function sizeParts(v: unknown): [string, string] | null {
  const parts = (v !== null && typeof v === 'object' ? '' : text(v)).split('x');
  return parts.length === 2 ? (parts as [string, string]) : null;
}

/** One side of a 'WxH' size (NaN when it is not a number); nothing when the value is not a size. */
function sizePart(v: unknown, index: 0 | 1): number | undefined {
  const parts = sizeParts(v);
  return parts === null ? undefined : Number.parseInt(parts[index], 10);
}

const INVALID_SIZE = "Invalid source parameter. Pass in 'originalSize'";

/** The other side of a 'WxH' size scaled to `requested` (truncated), or the reference's message for a bad size. */
function resize(v: unknown, scaleWidth: boolean, requested: number): number | string {
  const parts = sizeParts(v);
  if (parts === null) return INVALID_SIZE;
  const width = Number.parseInt(parts[0], 10);
  const height = Number.parseInt(parts[1], 10);
  return (scaleWidth ? width * (requested / height) : height * (requested / width)) | 0;
}

/** The Squarespace image size (a srcset width) that covers a display width. */
function thumbnailFor(width: number): string {
  if (width > 1000) return '1500w';
  if (width > 750) return '1000w';
  if (width > 500) return '750w';
  if (width > 300) return '500w';
  return width > 100 ? '300w' : '100w';
}

function twoDecimals(n: number): string {
  return String(Math.round(n * 100) / 100);
}

const FOLLOW_SCRIPT =
  "<script>Y.use('squarespace-follow-buttons', function(Y) { Y.on('domready', function() { Y.Squarespace.FollowButtonUtils.renderAll(); }); });</script>";

function socialButton(node: unknown, root: unknown, inline: boolean): string {
  const options = get(root, 'website', 'shareButtonOptions');
  if (options === undefined || (Array.isArray(options) && options.length === 0)) return '';
  const tag = inline ? 'span' : 'div';
  const style = inline ? 'inline-style' : 'button-style';
  const assetUrl = get(node, 'recordType') === 2 ? get(node, 'assetUrl') : get(node, 'mainImage', 'assetUrl');
  return (
    `<${tag} class="squarespace-social-buttons ${style}" data-system-data-id="${escapeAttribute(text(get(node, 'mainImageId') ?? get(node, 'systemDataId')))}" ` +
    `data-asset-url="${escapeAttribute(text(assetUrl))}" data-record-type="${escapeAttribute(text(get(node, 'recordType')))}" ` +
    `data-full-url="${escapeAttribute(text(get(node, 'fullUrl')))}" data-title="${escapeAttribute(text(get(node, 'title')))}"></${tag}>`
  );
}

export const CONTENT_FORMATTERS: Record<string, Formatter> = {
  // The *-meta formatters end with a space so a template can write `<img {@|image-meta}class="…">`.
  'image-meta': (v) => (v === undefined ? '' : `${imageMetaAttributes(v)} `),
  'child-image-meta': (v, args) => {
    const image = get(v, 'items', String(args.length ? Number(args[0]) || 0 : 0));
    return isObject(image) ? `${imageMetaAttributes(image)} ` : '';
  },
  'cover-image-meta': (v) => {
    const image = get(v, 'coverImage');
    return isObject(image) ? `${imageMetaAttributes(image)} ` : '';
  },
  image: (v, args, s) => {
    if (!isObject(v)) return '';
    const useItemAlt = s.resolve('blockType') === 5 && typeof v.altText === 'string';
    const alt = useItemAlt ? (v.altText as string) : altTextOf(v);
    const cls = args[0] ?? 'thumb-image';
    const url = escapeAttribute(text(v.assetUrl));
    const key = isBlank(v.componentKey) ? '' : ` data-component-key="${escapeAttribute(v.componentKey as string)}"`;
    return (
      `<noscript><img src="${url}" alt="${escapeAttribute(alt)}" /></noscript>` +
      `<img class="${escapeAttribute(cls)}"${key} ${imageMetaAttributes(v, alt)} data-load="false" data-image-id="${escapeAttribute(text(v.id))}" data-type="image" />`
    );
  },
  'image-srcset': (v) => {
    const variants = get(v, 'systemDataVariants');
    const url = text(get(v, 'assetUrl'));
    if (isBlank(variants)) return '';
    const widths = (variants as string).split(',').filter((w) => /^\d+w$/.test(w));
    const entries = widths.map((w) => `${url}?format=${w} ${w}`);
    if (!widths.includes('2500w') && widths.length > 0 && /^\d+x\d+$/.test((variants as string).split(',')[0]!)) {
      entries.push(`${url}?format=original 2500w`);
    }
    return entries.length ? ` srcset="${escapeAttribute(entries.join(','))}"` : '';
  },
  'image-color': (v, args) => {
    const data = get(v, 'colorData');
    if (!isObject(data)) return '';
    if (args.length === 0) {
      return COLOR_POSITIONS.filter((p) => typeof data[`${p}Average`] === 'string')
        .map((p) => `data-color-${p}="#${data[`${p}Average`]}" `)
        .join('');
    }
    const value = data[`${args[0]}Average`];
    if (typeof value !== 'string') return `"${args[0]}" not found.`;
    return args[1] ? `${args[1]}: #${value}` : `#${value}`;
  },
  resizedHeightForWidth: (v, args) => resize(v, false, Number.parseInt(args[0] ?? '', 10)),
  resizedWidthForHeight: (v, args) => resize(v, true, Number.parseInt(args[0] ?? '', 10)),
  squarespaceThumbnailForWidth: (_v, args) => thumbnailFor(Number.parseInt(args[0] ?? '', 10)),
  squarespaceThumbnailForHeight: (v, args) => {
    const width = resize(v, true, Number.parseInt(args[0] ?? '', 10));
    return typeof width === 'number' ? thumbnailFor(width) : width;
  },
  width: (v) => sizePart(v, 0),
  height: (v) => sizePart(v, 1),
  video: (v, args) => {
    if (!isObject(v)) return '';
    const loadFalse = args.includes('load-false');
    const withColor = args.includes('color-data');
    const html = escapeAttribute(text(get(v, 'oembed', 'html')));
    const provider = escapeAttribute(text(get(v, 'oembed', 'providerName')));
    let out = `<div class="sqs-video-wrapper"${loadFalse ? '  data-load="false"' : ''} data-html="${html}" data-provider-name="${provider}">`;
    if (v.overlay === true) {
      const hasThumb = !isBlank(v.mainImageId) && !isBlank(v.systemDataId);
      out += `<div class="sqs-video-overlay${hasThumb ? '' : ' no-thumb'}" style="opacity: 0;">`;
      if (hasThumb) {
        out += `<img data-load="false" data-src="${escapeAttribute(text(v.assetUrl))}" data-image-dimensions="${escapeAttribute(text(v.originalSize))}" data-image-focal-point="${focalPoint(v)}"`;
        const colors = get(v, 'colorData');
        if (withColor && isObject(colors)) {
          for (const p of COLOR_POSITIONS) {
            if (typeof colors[`${p}Average`] === 'string') out += ` data-color-${p.toLowerCase()}="#${colors[`${p}Average`]}"`;
          }
        }
        out += ' />';
      }
      out += '<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div>';
    }
    return `${out}</div>`;
  },
  'audio-player': (v) => {
    const id = escapeAttribute(text(get(v, 'id')));
    const url = escapeAttribute(text(get(v, 'structuredContent', 'audioAssetUrl')));
    return (
      "<script>Y.use('squarespace-audio-player-frontend');</script>\n" +
      `<div class="squarespace-audio-player" data-audio-asset-url="${url}" data-item-id="${id}" id="audio-player-${id}"></div>`
    );
  },
  comments: (v, _args, s) => {
    if (!isBlank(s.resolve('websiteSettings.disqusShortname'))) return '\n  <div class="squarespace-comments" id="disqus_thread"></div>\n';
    const id = escapeAttribute(text(get(v, 'id')));
    if (id === '') return '\n  <div class="squarespace-comments" id="comments-"></div>\n';
    const isCollection = s.resolve('collection') === v;
    return (
      `\n  <div class="squarespace-comments" id="comments-${id}" data-${isCollection ? 'collection' : 'item'}-id="${id}" ` +
      `data-public-comment-count="${escapeAttribute(text(get(v, 'publicCommentCount') ?? 0))}" data-comment-state="${escapeAttribute(text(get(v, 'commentState') ?? 0))}"></div>\n`
    );
  },
  'comment-link': (v, _args, s) => {
    const id = escapeAttribute(text(get(v, 'id')));
    const url = escapeAttribute(text(get(v, 'fullUrl')));
    if (!isBlank(s.resolve('websiteSettings.disqusShortname'))) {
      return `\n  <a href="${url}" class="sqs-comment-link sqs-disqus-comment-link" data-id="${id}"></a>\n`;
    }
    const raw = get(v, 'publicCommentCount');
    const number = raw === undefined || raw === null ? '' : raw === 0 ? 'No' : text(raw);
    const word = raw === 1 ? 'Comment' : 'Comments';
    return `\n  <a href="${url}#comments-${id}" class="sqs-comment-link" data-id="${id}">\n  ${number}\n  ${word}\n  </a>\n`;
  },
  'comment-count': (v) => commentCountLabel(Number(get(v, 'publicCommentCount') ?? 0)),
  'like-button': (v, _args, s) => {
    if (s.resolve('websiteSettings.simpleLikingEnabled') !== true) return '';
    return (
      `\n  <span class="sqs-simple-like" data-item-id="${escapeAttribute(text(get(v, 'id')))}" data-like-count="${escapeAttribute(text(get(v, 'likeCount') ?? 0))}">\n` +
      '    <span class="like-icon"></span>\n    <span class="like-count"></span>\n  </span>\n'
    );
  },
  'social-button': (v, _args, s) => socialButton(v, { website: s.resolve('website') }, false),
  'social-button-inline': (v, _args, s) => socialButton(v, { website: s.resolve('website') }, true),
  'twitter-follow-button': (v) => {
    let user = text(get(v, 'userName'));
    if (user === '') {
      const profile = text(get(v, 'profileUrl'));
      user = profile.replace(/\/+$/, '').split('/').pop() ?? '';
    }
    return `${FOLLOW_SCRIPT}<div class="squarespace-follow-button" data-username="${escapeAttribute(user)}"></div>`;
  },
  'activate-twitter-links': (v) =>
    (v !== null && typeof v === 'object' ? '' : toText(v))
      .replace(/(^|\s)@(\w+)/g, '$1<a target="new" href="https://twitter.com/$2/">@$2</a>')
      .replace(/(^|\s)#(\w+)/g, '$1<a target="new" href="https://twitter.com/hashtag/$2?src=hash">#$2</a>'),
  'google-calendar-url': (v) => {
    const start = get(v, 'startDate');
    const end = get(v, 'endDate');
    let url = `http://www.google.com/calendar/event?action=TEMPLATE&text=${encodeURIComponent(text(get(v, 'title')))}`;
    url += `&dates=${utcStamp(typeof start === 'number' ? start : 0)}/${utcStamp(typeof end === 'number' ? end : 0)}`;
    const location = get(v, 'location');
    if (isObject(location)) {
      const parts = ['addressLine1', 'addressLine2', 'addressCountry'].map((k) => location[k]).filter((p) => !isBlank(p));
      if (parts.length) url += `&location=${encodeURIComponent(parts.join(', '))}`;
    }
    return url;
  },
  // Minutes and seconds (a long duration keeps counting minutes); anything not a number reads as 0.
  humanizeDuration: (v) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : 0;
    const ms = Number.isFinite(n) ? n : 0;
    const total = Math.trunc(ms / 1000);
    return `${String(Math.trunc(total / 60))}:${String(total % 60).padStart(2, '0')}`;
  },
  // As the reference weighs a colour: its 24-bit value against half of 0xffffff (3 to 6 hex digits, '#' optional;
  // three are doubled). Anything else gives nothing.
  'color-weight': (v) => {
    let hex = v !== null && typeof v === 'object' ? '' : toText(v);
    if (hex[0] === '#') hex = hex.slice(1);
    if (!/^[0-9a-f]{3,6}$/i.test(hex)) return undefined;
    const value = Number.parseInt(hex.length === 3 ? hex[0]! + hex[0] + hex[1] + hex[1] + hex[2] + hex[2] : hex, 16);
    return value > 0xffffff / 2 ? 'light' : 'dark';
  },
  'website-color': (v) => {
    const h = get(v, 'hue');
    const sat = get(v, 'saturation');
    const l = get(v, 'lightness');
    const a = get(v, 'alpha');
    if (typeof h !== 'number' || typeof sat !== 'number' || typeof l !== 'number') return 'Missing an H/S/L value.';
    const problems: string[] = [];
    if (h < 0 || h > 360) problems.push('Hue out of bounds.');
    if (sat < 0 || sat > 1) problems.push('Saturation out of bounds.');
    if (l < 0 || l > 1) problems.push('Lightness out of bounds.');
    if (typeof a === 'number' && (a < 0 || a > 1)) problems.push('Alpha out of bounds.');
    if (problems.length) return problems.join(' ');
    const body = `${twoDecimals(h)}, ${twoDecimals(sat * 100)}%, ${twoDecimals(l * 100)}%`;
    return typeof a === 'number' ? `hsla(${body}, ${twoDecimals(a)})` : `hsl(${body})`;
  },
  'item-classes': (v, _args, s) => {
    const classes = ['hentry'];
    const promoted = get(v, 'promotedBlockType');
    if (!isBlank(promoted)) classes.push('promoted', `promoted-block-${slugifyTitle(promoted as string)}`);
    for (const c of (get(v, 'categories') as unknown[] | undefined) ?? []) classes.push(`category-${slugifyTitle(toText(c))}`);
    for (const t of (get(v, 'tags') as unknown[] | undefined) ?? []) classes.push(`tag-${slugifyTitle(toText(t))}`);
    const author = get(v, 'author', 'displayName');
    if (!isBlank(author)) classes.push(`author-${slugifyTitle(author as string)}`);
    classes.push(`post-type-${text(get(v, 'recordTypeLabel'))}`);
    const index = s.resolve('@index');
    if (typeof index === 'number') classes.push(`article-index-${index}`);
    if (get(v, 'starred') === true) classes.push('featured');
    if (get(v, 'recordType') === 11) {
      if (commerceRule(s, v, isOnSale)) classes.push('on-sale');
      if (commerceRule(s, v, isSoldOut)) classes.push('sold-out');
    }
    return classes.join(' ');
  },
};
export { escapeHtml, validateHsla };
