import { BLOCK_VARIANTS } from '@vitrine/blocks';
import type { ImageView } from './images';
import { bool, num, oneOf, str, type Settings } from './settings';

/** The most a summary shows (platform §5: at most 200 products in a collection; a summary shows a page's worth). */
export const SUMMARY_MAX_ITEMS = 30;

/** One entry of a summary: a post, an event, a gallery image or a product, as the page builder read it. */
export interface SummaryEntry {
  title: string;
  url: string;
  excerpt: string;
  /** ISO time and its label in the site's time zone (a post's date, an event's start). */
  dateTime?: string;
  dateLabel?: string;
  image?: ImageView;
  /** A product's price line, already formatted. */
  price?: string;
}

/** What a summary block asks the page builder to read. */
export interface SummaryRequest {
  blockId: string;
  /** A site collection's page id (blog, events, gallery) or a store's collection id. */
  collectionId: string;
  limit: number;
  tag?: string;
  category?: string;
}

const DESIGNS = ['list', 'grid', 'carousel', 'wall'] as const;
const VARIANT_OF = { list: BLOCK_VARIANTS.summaryList, grid: BLOCK_VARIANTS.summaryGrid, carousel: BLOCK_VARIANTS.summaryCarousel, wall: BLOCK_VARIANTS.summaryWall };

export function summaryRequestOf(blockId: string, settings: Settings): SummaryRequest | undefined {
  const collectionId = str(settings, 'collectionId').trim();
  if (!collectionId) return undefined;
  const tag = str(settings, 'filterTag').trim();
  const category = str(settings, 'filterCategory').trim();
  return { blockId, collectionId, limit: Math.round(num(settings, 'count', 6, 1, SUMMARY_MAX_ITEMS)), ...(tag ? { tag } : {}), ...(category ? { category } : {}) };
}

export interface SummaryView {
  design: (typeof DESIGNS)[number];
  title: string;
  entries: SummaryEntry[];
  showTitle: boolean;
  showExcerpt: boolean;
  showDate: boolean;
  showPrice: boolean;
  /** The collection's own page, for a "View all" link. */
  moreUrl?: string;
}

/** summary (summary-v2 55): the latest entries of a collection in a list, a grid or a scroll-snap carousel (no JS). */
export function summaryView(settings: Settings, entries: SummaryEntry[] | undefined, moreUrl?: string): { view: SummaryView; variant: number } | undefined {
  if (!entries || entries.length === 0) return undefined;
  const design = oneOf(settings, 'design', DESIGNS, 'grid');
  return {
    variant: VARIANT_OF[design],
    view: {
      design,
      title: str(settings, 'title').trim(),
      entries,
      showTitle: bool(settings, 'showTitle', true),
      showExcerpt: bool(settings, 'showExcerpt', true),
      showDate: bool(settings, 'showDate', true),
      showPrice: bool(settings, 'showPrice', true),
      ...(moreUrl ? { moreUrl } : {}),
    },
  };
}
