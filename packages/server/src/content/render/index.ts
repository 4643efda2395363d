import { BLOCK_TYPES, blocksOf, blockTypeName, readPageBody, type Block, type PageBody } from '@vitrine/blocks';
import { chartView } from './chart';
import { codeView, embedView, mapView } from './embeds';

import { galleryBlockImages, galleryView } from './gallery';
import { imageBlockView } from './image-block';
import type { ImageAsset } from './images';
import { markdownView, textView } from './rich-text';
import { bool, list, str, type Settings } from './settings';
import { accordionView, buttonView, horizontalRuleView, marqueeView, quoteView, searchView, shapeView, spacerView } from './simple-blocks';
import { socialLinksView } from './social-links';
import { summaryRequestOf, summaryView, type SummaryEntry, type SummaryRequest } from './summary';

export { sanitiseRichText } from './rich-text';
export { imageView, type ImageAsset, type ImageView } from './images';
export { galleryView, type GalleryImageInput, type GalleryView } from './gallery';
export { placeView, FRAME_HOSTS, frameSourcesOf, PLAYER_ORIGINS, playerAddressOf, ownerFrameDocument } from './embeds';
export { SUMMARY_MAX_ITEMS, type SummaryEntry, type SummaryRequest } from './summary';

/** A block as the page context carries it: the theme applies `blocks/{partial}.block` to `view`. */
export interface RenderedBlock {
  id: string;
  type: number;
  typeName: string;
  partial: string;
  variant?: number;
  view: object;
  /** Only in the editor's preview (BlockData.editorMarks): where the block is, for the editor's overlay. */
  editor?: EditorBlockMark;
}

/** The data attributes the editor's preview puts on a block (never on a shopper's page): see page-sections.block. */
export interface EditorBlockMark {
  id: string;
  /** Its place in the page's reading order (0-based), its section's index and its column's. */
  index: number;
  section: number;
  column: number;
}

export interface RenderedColumn {
  id: string;
  blocks: RenderedBlock[];
}

export interface RenderedSection {
  id: string;
  type: string;
  /** A colour theme other than the page's own: the theme renders it as `data-colour-theme` on the section. */
  colourTheme?: string;
  /** none, small, medium or large: the theme's `page-section--spacing-{spacing}`. */
  spacing: string;
  /** A picture or a video behind the section's content. */
  background?: { image: { url: string; alt: string } } | { video: { url: string; posterUrl: string } };
  columnCount: number;
  /** True for 2–4 columns: the theme lays them out as a grid (stacked on phones); one column renders as before. */
  multiColumn: boolean;
  /** True when any column shows a block (a section showing nothing renders nothing). */
  hasBlocks: boolean;
  columns: RenderedColumn[];
  /** Only in the editor's preview: the section's id and index, for the editor's overlay. */
  editor?: { id: string; index: number };
  /** Every column's blocks in reading order: what a theme written before columns existed renders (one list). */
  blocks: RenderedBlock[];
}

/** What the blocks of a body need read from other domains, collected before rendering. */
export interface BlockNeeds {
  imageIds: string[];
  formIds: string[];
  productIds: string[];
  summaries: SummaryRequest[];
}

/** The data read for a body's blocks (by the pages domain, which may read forms, products and collections). */
export interface BlockData {
  images: ReadonlyMap<string, ImageAsset>;
  /** Public forms by id (forms' publicFormOf); a deleted form is absent. */
  forms: ReadonlyMap<string, object>;
  /** Product items by id (the catalog's ProductItemJson). */
  products: ReadonlyMap<string, object>;
  /** Each summary block's entries, by block id, and the collection's address. */
  summaries: ReadonlyMap<string, { entries: SummaryEntry[]; url?: string }>;
  /**
   * Where owner HTML (code blocks, stored oEmbed HTML) is served from on the public site: `/frames/page/{id}`,
   * to which the block id is added. Absent in the editor's preview, which shows it as srcdoc (its scripts do not run).
   */
  frameBase?: string;
  /**
   * The editor's preview alone (/config/preview/…): every section and block carries data attributes naming it, so
   * the editor's overlay can address it. A shopper's page never has them (its HTML and cache are unchanged).
   */
  editorMarks?: boolean;
}

export const EMPTY_BLOCK_DATA: BlockData = { images: new Map(), forms: new Map(), products: new Map(), summaries: new Map() };

/** The frames route's address of a block that shows owner HTML, on the public site only. */
const frameSrcOf = (block: Block, data: BlockData): string | undefined => (data.frameBase ? `${data.frameBase}/${encodeURIComponent(String(block.id))}` : undefined);

type ViewResult = { view: object; variant?: number } | undefined;
type ViewModel = (block: Block, data: BlockData) => ViewResult;

const plain = (view: object | undefined): ViewResult => (view ? { view } : undefined);
const settingsOf = (block: Block): Settings => (typeof block.settings === 'object' && block.settings !== null ? block.settings : {});

const formView: ViewModel = (block, data) => {
  const formId = str(settingsOf(block), 'formId');
  const form = data.forms.get(formId);
  return form ? { view: { id: block.id, type: block.type === BLOCK_TYPES.newsletter ? 'newsletter' : 'form', form } } : undefined;
};

/** The view model of each block type we render, by code; the partial is `blocks/{name}.block`. */
const VIEW_MODELS: ReadonlyMap<number, { partial: string; view: ViewModel }> = new Map<number, { partial: string; view: ViewModel }>([
  [BLOCK_TYPES.html, { partial: 'text', view: (block) => plain(textView(settingsOf(block))) }],
  [BLOCK_TYPES.markdown, { partial: 'text', view: (block) => plain(markdownView(settingsOf(block))) }],
  [BLOCK_TYPES.image, { partial: 'image', view: (block, data) => imageBlockView(settingsOf(block), data.images.get(str(settingsOf(block), 'imageId'))) }],
  [BLOCK_TYPES.gallery, { partial: 'gallery', view: (block, data) => galleryView(settingsOf(block), galleryBlockImages(settingsOf(block), data.images)) }],
  [BLOCK_TYPES.button, { partial: 'button', view: (block) => plain(buttonView(settingsOf(block))) }],
  [BLOCK_TYPES.spacer, { partial: 'spacer', view: (block) => plain(spacerView(settingsOf(block))) }],
  [BLOCK_TYPES.horizontalrule, { partial: 'horizontalrule', view: () => plain(horizontalRuleView()) }],
  [BLOCK_TYPES.quote, { partial: 'quote', view: (block) => plain(quoteView(settingsOf(block))) }],
  [BLOCK_TYPES.accordion, { partial: 'accordion', view: (block) => plain(accordionView(settingsOf(block), String(block.id))) }],
  [BLOCK_TYPES['socialaccountlinks-v2'], { partial: 'sociallinks', view: (block) => plain(socialLinksView(settingsOf(block))) }],
  [BLOCK_TYPES.search, { partial: 'search', view: (block) => plain(searchView(settingsOf(block))) }],
  [BLOCK_TYPES.marquee, { partial: 'marquee', view: (block) => plain(marqueeView(settingsOf(block))) }],
  [BLOCK_TYPES.shape, { partial: 'shape', view: (block) => plain(shapeView(settingsOf(block))) }],
  [BLOCK_TYPES.code, { partial: 'code', view: (block, data) => plain(codeView(settingsOf(block), frameSrcOf(block, data))) }],
  [BLOCK_TYPES.embed, { partial: 'embed', view: (block, data) => plain(embedView(settingsOf(block), frameSrcOf(block, data))) }],
  [BLOCK_TYPES.video, { partial: 'embed', view: (block, data) => plain(embedView(settingsOf(block), frameSrcOf(block, data))) }],
  [BLOCK_TYPES.map, { partial: 'map', view: (block) => plain(mapView(settingsOf(block))) }],
  [BLOCK_TYPES.form, { partial: 'form', view: formView }],
  [BLOCK_TYPES.newsletter, { partial: 'form', view: formView }],
  [BLOCK_TYPES.product, { partial: 'product', view: (block, data) => {
    const settings = settingsOf(block);
    const product = data.products.get(str(settings, 'productId'));
    return product ? { view: { product, showPrice: bool(settings, 'showPrice', true), showAddToCart: bool(settings, 'showAddToCart', true) } } : undefined;
  } }],
  [BLOCK_TYPES['summary-v2'], { partial: 'summary', view: (block, data) => summaryView(settingsOf(block), data.summaries.get(block.id)?.entries, data.summaries.get(block.id)?.url) }],
  [BLOCK_TYPES.chart, { partial: 'chart', view: (block) => chartView(settingsOf(block)) }],
]);

/** The block codes this renderer draws. */
export const RENDERED_BLOCK_TYPES: readonly number[] = [...VIEW_MODELS.keys()];

/** The partials (`blocks/{name}.block`) a theme must provide for the block types rendered (themes/check.ts). */
export const BLOCK_PARTIAL_NAMES: readonly string[] = [...new Set([...VIEW_MODELS.values()].map((model) => model.partial))];

/** Codes already reported as not rendered, so each is logged once per process. */
const reportedCodes = new Set<number>();

/** Logs a block code we do not render, once per process per code. */
function reportUnrendered(code: number, warn: (message: string, code: number) => void): void {
  if (reportedCodes.has(code)) return;
  reportedCodes.add(code);
  warn(`content block type ${code} (${blockTypeName(code) ?? 'unknown'}) is not rendered`, code);
}

/** What a body's blocks need read: uploaded images, forms, products and summaries' collections. */
export function blockNeeds(bodies: ReadonlyArray<PageBody>): BlockNeeds {
  const needs: BlockNeeds = { imageIds: [], formIds: [], productIds: [], summaries: [] };
  for (const block of bodies.flatMap((body) => blocksOf(body))) {
    const settings = settingsOf(block);
    if (block.type === BLOCK_TYPES.image && str(settings, 'imageId')) needs.imageIds.push(str(settings, 'imageId'));
    if (block.type === BLOCK_TYPES.gallery) needs.imageIds.push(...list(settings, 'images').map((entry) => str(entry, 'imageId')).filter(Boolean));
    if ((block.type === BLOCK_TYPES.form || block.type === BLOCK_TYPES.newsletter) && str(settings, 'formId')) needs.formIds.push(str(settings, 'formId'));
    if (block.type === BLOCK_TYPES.product && str(settings, 'productId')) needs.productIds.push(str(settings, 'productId'));
    if (block.type === BLOCK_TYPES['summary-v2']) {
      const request = summaryRequestOf(block.id, settings);
      if (request) needs.summaries.push(request);
    }
  }
  return { ...needs, imageIds: [...new Set(needs.imageIds)], formIds: [...new Set(needs.formIds)], productIds: [...new Set(needs.productIds)] };
}

/**
 * A body as the theme gets it: each section with its blocks' view models. A block whose type we do not render
 * (a gap in the enumeration, a removed or non-editable type) renders nothing and is logged once per code; a
 * block whose settings leave nothing to show (no image, a deleted form, a bad dataset) renders nothing quietly.
 */
export function renderBody(body: PageBody, data: BlockData, warn: (message: string, code: number) => void): RenderedSection[] {
  // A body stored before sections had columns reads as single-column sections (readPageBody), so old pages render as they did.
  let order = 0;
  return readPageBody(body).sections.map((section, sectionIndex) => {
    const columns = (Array.isArray(section.columns) ? section.columns : []).map((column, columnIndex) => ({
      id: String(column.id),
      blocks: (Array.isArray(column.blocks) ? column.blocks : []).flatMap((block) => {
        const index = order++;
        const rendered = renderBlock(block, data, warn);
        return data.editorMarks ? rendered.map((each) => ({ ...each, editor: { id: each.id, index, section: sectionIndex, column: columnIndex } })) : rendered;
      }),
    }));
    const background = section.background;
    return {
      id: String(section.id),
      type: section.type ?? 'content',
      ...(section.colourTheme && section.colourTheme !== 'light' ? { colourTheme: section.colourTheme } : {}),
      spacing: section.spacing ?? 'medium',
      ...(background?.kind === 'image' && background.url ? { background: { image: { url: background.url, alt: background.alt ?? '' } } } : {}),
      ...(background?.kind === 'video' && background.url ? { background: { video: { url: background.url, posterUrl: background.posterUrl ?? '' } } } : {}),
      columnCount: columns.length,
      multiColumn: columns.length > 1,
      hasBlocks: columns.some((column) => column.blocks.length > 0),
      columns,
      ...(data.editorMarks ? { editor: { id: String(section.id), index: sectionIndex } } : {}),
      blocks: columns.flatMap((column) => column.blocks),
    };
  });
}

function renderBlock(block: Block, data: BlockData, warn: (message: string, code: number) => void): RenderedBlock[] {
  const model = VIEW_MODELS.get(block.type);
  if (!model) {
    reportUnrendered(block.type, warn);
    return [];
  }
  const result = model.view(block, data);
  if (!result) return [];
  return [{ id: String(block.id), type: block.type, typeName: blockTypeName(block.type) ?? String(block.type), partial: model.partial, ...(result.variant !== undefined ? { variant: result.variant } : {}), view: result.view }];
}

export { calendarLink, dateLabel, eventTimeLabel } from './calendar';
