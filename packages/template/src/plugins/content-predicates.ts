// Content predicates: record types, collections, galleries, comments, events and other page facts.
import { BackgroundSource, RecordType, SliceType } from '@vitrine/format/enumerations';
import { zonedParts } from '@vitrine/format/dates';
import type { Predicate } from '../runtime';
import { argValue, child, isTruthy } from '../runtime';

const get = (node: unknown, ...path: string[]): unknown => {
  let v = node;
  for (const key of path) {
    v = child(v, key);
    if (v === undefined) return undefined;
  }
  return v;
};

const isBlankText = (v: unknown): boolean => typeof v !== 'string' || v.trim() === '';

function kebab(name: string): string {
  return name.toLowerCase().replace(/_/g, '-');
}

const recordTypePredicates: Record<string, Predicate> = { 'undefined?': (n) => get(n, 'recordType') === -1 };
for (const [name, code] of Object.entries(RecordType)) {
  recordTypePredicates[`${kebab(name)}?`] = (n) => get(n, 'recordType') === code;
}

const backgroundPredicates: Record<string, Predicate> = {};
for (const [name, code] of Object.entries(BackgroundSource)) {
  backgroundPredicates[`background-source-${kebab(name)}?`] = (n) => get(n, 'backgroundSource') === code;
}

const PROMOTED_BLOCKS = ['code', 'embed', 'form', 'foursquare', 'image', 'instagram', 'link', 'map', 'quote', 'twitter', 'video'];
const promotedPredicates: Record<string, Predicate> = {};
for (const block of PROMOTED_BLOCKS) {
  promotedPredicates[`promoted${block.toUpperCase()}?`] = (n) => get(n, 'promotedBlockType') === block;
}

const GALLERY_BOOLEANS = ['autoplay', 'auto-crop', 'controls', 'lightbox', 'show-meta', 'show-meta-on-hover', 'square-thumbs', 'thumbnails'];
const galleryPredicates: Record<string, Predicate> = {
  'gallery-meta?': (n) => get(n, 'options', 'controls') === true || get(n, 'options', 'indicators') === true,
};
for (const option of GALLERY_BOOLEANS) galleryPredicates[`gallery-${option}?`] = (n) => isTruthy(get(n, 'options', option));
for (const design of ['grid', 'slideshow', 'slider', 'stacked']) {
  galleryPredicates[`gallery-design-${design}?`] = (n) => get(n, 'options', 'design') === design;
}
for (const position of ['bottom-left', 'bottom-right', 'bottom', 'top-left', 'top-right', 'top', 'center']) {
  galleryPredicates[`gallery-meta-position-${position}?`] = (n) => get(n, 'options', 'meta-position') === position;
}
for (const alignment of ['center', 'left', 'right']) {
  galleryPredicates[`gallery-active-alignment-${alignment}?`] = (n) => get(n, 'options', 'active-alignment') === alignment;
}

function hasMainImage(n: unknown): boolean {
  return !isBlankText(get(n, 'mainImageId')) || !isBlankText(get(n, 'systemDataId'));
}

/** Plural predicates read booleans and numeric strings as numbers (true is 1, "2" is 2); anything else is NaN. */
function asCount(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') return Number.parseFloat(v);
  return NaN;
}

function isInteger(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}

/** The number a parity/nth predicate tests: the first argument when given, else the current node. */
function subject(node: unknown, args: readonly string[], s: Parameters<Predicate>[2], count: number): unknown {
  return args.length >= count ? argValue(s, args[0]!) : node;
}

export const CONTENT_PREDICATES: Record<string, Predicate> = {
  ...recordTypePredicates,
  ...backgroundPredicates,
  ...promotedPredicates,
  ...galleryPredicates,
  'calendar-view?': (n) => get(n, 'calendarView') === true,
  'child-images?': (n) => {
    const first = get(n, 'items', '0');
    return first !== undefined && hasMainImage(first);
  },
  'clickable?': (n) => {
    const behavior = get(n, 'folderBehavior');
    return behavior === undefined || behavior === 1 || behavior === 2;
  },
  'collection?': (n) => isTruthy(get(n, 'collection')),
  'collection-page?': (n) => get(n, 'collection', 'type') === 10,
  'collection-template-page?': (n) => {
    const collection = get(n, 'collection');
    return (collection !== undefined ? get(collection, 'type') : get(n, 'type')) === 7;
  },
  'collectionTypeNameEquals?': (n, args) => args.length > 0 && get(n, 'typeName') === args[0],
  'comments?': (n) => {
    const state = get(n, 'commentState');
    if (state === 1) return true;
    const count = get(n, 'publicCommentCount');
    return typeof count === 'number' && count > 0 && get(n, 'websiteSettings', 'commentsEnabled') === true;
  },
  'current-type?': (n, args) => {
    const name = (args[0] ?? '').toUpperCase().replace(/-/g, '_');
    const code = (SliceType as Record<string, number>)[name];
    return code !== undefined && get(n, 'currentType') === code;
  },
  'debug?': (_n, _args, s) => isTruthy(s.resolve('debug')),
  'disqus?': (n) => !isBlankText(get(n, 'websiteSettings', 'disqusShortName')),
  'even?': (n, args, s) => {
    const v = subject(n, args, s, 1);
    return isInteger(v) && v % 2 === 0;
  },
  'odd?': (n, args, s) => {
    const v = subject(n, args, s, 1);
    return isInteger(v) && Math.abs(v % 2) === 1;
  },
  'nth?': (n, args, s) => {
    const v = subject(n, args, s, 2);
    const modulus = Number(argValue(s, args[args.length - 1] ?? ''));
    return isInteger(v) && Number.isInteger(modulus) && modulus !== 0 && v % modulus === 0;
  },
  'excerpt?': (n) => {
    const excerpt = get(n, 'excerpt');
    if (typeof excerpt === 'string') return excerpt.trim() !== '';
    return !isBlankText(get(excerpt, 'html'));
  },
  'external-link?': (n) => !isBlankText(get(n, 'externalLink')),
  'external-video?': (n) => get(n, 'promotedBlockType') === 'video',
  'folder?': (n) => get(n, 'collection', 'folder') === true,
  'index?': (n) => get(n, 'collection', 'folder') === true && get(n, 'collection', 'folderBehavior') === 1,
  'redirect?': (n) => get(n, 'folderBehavior') === 2,
  'has-multiple?': (n) => (Array.isArray(n) ? n.length > 1 : n !== null && typeof n === 'object' && Object.keys(n).length > 1),
  'location?': (n) => typeof get(n, 'location', 'mapLat') === 'number' && typeof get(n, 'location', 'mapLng') === 'number',
  'main-image?': (n) => hasMainImage(n),
  'passthrough?': (n) => get(n, 'passthrough') === true && !isBlankText(get(n, 'sourceUrl')),
  'plural?': (n, args, s) => asCount(subject(n, args, s, 1)) > 1,
  'singular?': (n, args, s) => asCount(subject(n, args, s, 1)) === 1,
  'same-day?': (n, _args, s) => {
    const start = get(n, 'startDate');
    const end = get(n, 'endDate');
    if (typeof start !== 'number' || typeof end !== 'number') return false;
    const zone = s.resolve('website.timeZone');
    const timeZone = typeof zone === 'string' && zone ? zone : undefined;
    const a = zonedParts(start, timeZone);
    const b = zonedParts(end, timeZone);
    return a.year === b.year && a.month === b.month && a.day === b.day;
  },
  'serviceNameEmail?': (n) => get(n, 'serviceName') === 'email',
  'show-past-events?': (n) => get(n, 'showPastOrUpcomingEvents') === 'past',
};
