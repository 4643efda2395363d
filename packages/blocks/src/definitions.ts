import { BLOCK_TYPES, BLOCK_VARIANTS } from './block-types';
import { GALLERY_IMAGE_SCHEMA, GALLERY_SETTING_SCHEMAS } from './gallery';
import { CONTENT_LIMITS } from './messages';
import { blockSchema, type BlockDefinition, type SettingSchema } from './schema';

/** Image designs (platform §3 variant codes 1012–1017). */
export const IMAGE_DESIGN_VARIANTS = {
  inline: BLOCK_VARIANTS.imageInline,
  poster: BLOCK_VARIANTS.imagePoster,
  card: BLOCK_VARIANTS.imageCard,
  overlap: BLOCK_VARIANTS.imageOverlap,
  collage: BLOCK_VARIANTS.imageCollage,
  stack: BLOCK_VARIANTS.imageStack,
} as const;

/** Summary designs (variant codes 1005–1008). */
export const SUMMARY_DESIGN_VARIANTS = {
  list: BLOCK_VARIANTS.summaryList,
  grid: BLOCK_VARIANTS.summaryGrid,
  carousel: BLOCK_VARIANTS.summaryCarousel,
  wall: BLOCK_VARIANTS.summaryWall,
} as const;

/** Chart designs (variant codes 1009–1011). */
export const CHART_DESIGN_VARIANTS = {
  bar: BLOCK_VARIANTS.chartBar,
  line: BLOCK_VARIANTS.chartLine,
  pie: BLOCK_VARIANTS.chartPie,
} as const;

/** Social networks a social-links block can link to; the renderer draws each one's icon. */
export const SOCIAL_NETWORKS = [
  'facebook',
  'instagram',
  'x',
  'threads',
  'bluesky',
  'mastodon',
  'tiktok',
  'youtube',
  'vimeo',
  'pinterest',
  'linkedin',
  'spotify',
  'soundcloud',
  'etsy',
  'github',
  'email',
] as const;
const SOCIAL_NETWORK_LABELS = ['Facebook', 'Instagram', 'X', 'Threads', 'Bluesky', 'Mastodon', 'TikTok', 'YouTube', 'Vimeo', 'Pinterest', 'LinkedIn', 'Spotify', 'SoundCloud', 'Etsy', 'GitHub', 'Email'];

export const SHAPES = ['circle', 'square', 'rounded-square', 'triangle', 'diamond', 'hexagon', 'star', 'heart', 'arrow'] as const;
const SHAPE_LABELS = ['Circle', 'Square', 'Rounded square', 'Triangle', 'Diamond', 'Hexagon', 'Star', 'Heart', 'Arrow'];

const ALIGNMENT = { type: 'string', title: 'Alignment', default: 'center', enum: ['left', 'center', 'right'], 'x-enumLabels': ['Left', 'Center', 'Right'] } as const satisfies SettingSchema;
const NEW_WINDOW = { type: 'boolean', title: 'Open in a new window', default: false } as const satisfies SettingSchema;
const CAPTION = { type: 'string', title: 'Caption', default: '', maxLength: 1000, 'x-editor': 'multiline' } as const satisfies SettingSchema;
const link = (title: string, fallback: string): SettingSchema => ({ type: 'string', title, default: fallback, maxLength: CONTENT_LIMITS.urlLength, 'x-editor': 'url' });

/** What an oEmbed provider answered for an embed or video URL (filled by the editor's look-up, kept with the block). */
const OEMBED = {
  type: 'object',
  title: 'Embedded content',
  default: { html: '', providerName: '', title: '', thumbnailUrl: '' },
  properties: {
    html: { type: 'string', title: 'Embed code', default: '', maxLength: 20_000, 'x-editor': 'code' },
    providerName: { type: 'string', title: 'Provider', default: '', maxLength: 200 },
    title: { type: 'string', title: 'Title', default: '', maxLength: 500 },
    thumbnailUrl: link('Thumbnail', ''),
  },
  required: ['html', 'providerName', 'title', 'thumbnailUrl'],
} as const satisfies SettingSchema;

const SAMPLE_DATASET = 'Month,Visitors,Orders\nJanuary,120,14\nFebruary,180,22\nMarch,240,31';

/** Every block the editor offers, in the block picker's order. */
export const EDITABLE_BLOCKS: readonly BlockDefinition[] = [
  {
    type: BLOCK_TYPES.html,
    name: 'html',
    label: 'Text',
    description: 'Paragraphs, headings, lists and links.',
    interactive: false,
    schema: blockSchema({
      html: { type: 'string', title: 'Text', default: '', maxLength: CONTENT_LIMITS.richTextLength, 'x-editor': 'rich-text' },
    }),
  },
  {
    type: BLOCK_TYPES.markdown,
    name: 'markdown',
    label: 'Markdown',
    description: 'Text written in Markdown.',
    interactive: false,
    schema: blockSchema({
      markdown: { type: 'string', title: 'Markdown', default: '', maxLength: CONTENT_LIMITS.richTextLength, 'x-editor': 'markdown' },
    }),
  },
  {
    type: BLOCK_TYPES.image,
    name: 'image',
    label: 'Image',
    description: 'One image, with a caption and an optional link.',
    interactive: false,
    schema: blockSchema({
      imageId: { type: 'string', title: 'Image', default: '', maxLength: 100, 'x-editor': 'image' },
      altText: { type: 'string', title: 'Alt text', description: 'Describes the image for people who cannot see it. Leave empty for a decorative image.', default: '', maxLength: 500 },
      caption: CAPTION,
      focalPoint: {
        type: 'object',
        title: 'Focal point',
        description: 'The part of the image kept in view when it is cropped.',
        default: { x: 0.5, y: 0.5 },
        properties: {
          x: { type: 'number', title: 'Focal point (across)', default: 0.5, minimum: 0, maximum: 1 },
          y: { type: 'number', title: 'Focal point (down)', default: 0.5, minimum: 0, maximum: 1 },
        },
        required: ['x', 'y'],
      },
      link: link('Link', ''),
      newWindow: NEW_WINDOW,
      design: {
        type: 'string',
        title: 'Design',
        default: 'inline',
        enum: ['inline', 'poster', 'card', 'overlap', 'collage', 'stack'],
        'x-enumLabels': ['Inline', 'Poster', 'Card', 'Overlap', 'Collage', 'Stack'],
      },
      priority: {
        type: 'string',
        title: 'Loading',
        description: 'High loads the image at once (for the first image of a page); low and none load it when it scrolls into view.',
        default: 'low',
        enum: ['high', 'low', 'none'],
        'x-enumLabels': ['High (load at once)', 'Low (load when near)', 'None'],
      },
    }),
  },
  {
    type: BLOCK_TYPES.gallery,
    name: 'gallery',
    label: 'Gallery',
    description: 'Several images as a grid, slideshow, carousel or stack.',
    interactive: true,
    schema: blockSchema({
      images: { type: 'array', title: 'Images', default: [], maxItems: CONTENT_LIMITS.itemsPerOrderableCollection, items: GALLERY_IMAGE_SCHEMA },
      ...GALLERY_SETTING_SCHEMAS,
    }),
  },
  {
    type: BLOCK_TYPES.button,
    name: 'button',
    label: 'Button',
    description: 'A button that links to a page or another site.',
    interactive: false,
    schema: blockSchema({
      label: { type: 'string', title: 'Label', default: 'Learn more', minLength: 1, maxLength: 100 },
      url: link('Link', '/'),
      size: { type: 'string', title: 'Size', default: 'medium', enum: ['small', 'medium', 'large'], 'x-enumLabels': ['Small', 'Medium', 'Large'] },
      alignment: ALIGNMENT,
      newWindow: NEW_WINDOW,
    }),
  },
  {
    type: BLOCK_TYPES.spacer,
    name: 'spacer',
    label: 'Spacer',
    description: 'Empty space between blocks.',
    interactive: false,
    schema: blockSchema({
      height: { type: 'integer', title: 'Height (px)', default: 50, minimum: 0, maximum: 600 },
    }),
  },
  {
    type: BLOCK_TYPES.horizontalrule,
    name: 'horizontalrule',
    label: 'Line',
    description: 'A horizontal line between blocks.',
    interactive: false,
    schema: blockSchema({}),
  },
  {
    type: BLOCK_TYPES.quote,
    name: 'quote',
    label: 'Quote',
    description: 'A quotation and who said it.',
    interactive: false,
    schema: blockSchema({
      quote: { type: 'string', title: 'Quote', default: '', maxLength: 2000, 'x-editor': 'multiline' },
      source: { type: 'string', title: 'Source', default: '', maxLength: 200 },
    }),
  },
  {
    type: BLOCK_TYPES.code,
    name: 'code',
    label: 'Code',
    description: 'HTML of your own, or code shown as text.',
    interactive: false,
    schema: blockSchema({
      html: { type: 'string', title: 'Code', default: '', maxLength: CONTENT_LIMITS.richTextLength, 'x-editor': 'code' },
      displaySource: { type: 'boolean', title: 'Show the code as text', default: false },
    }),
  },
  {
    type: BLOCK_TYPES.embed,
    name: 'embed',
    label: 'Embed',
    description: 'Content from another site by its address.',
    interactive: false,
    schema: blockSchema({
      url: link('Address', ''),
      oembed: OEMBED,
      caption: CAPTION,
    }),
  },
  {
    type: BLOCK_TYPES.video,
    name: 'video',
    label: 'Video',
    description: 'A video from YouTube, Vimeo or another video site.',
    interactive: false,
    schema: blockSchema({
      url: link('Video address', ''),
      oembed: OEMBED,
      caption: CAPTION,
    }),
  },
  {
    type: BLOCK_TYPES.map,
    name: 'map',
    label: 'Map',
    description: 'A map of an address.',
    interactive: false,
    schema: blockSchema({
      addressLine1: { type: 'string', title: 'Address line 1', default: '', maxLength: 200 },
      addressLine2: { type: 'string', title: 'Address line 2', default: '', maxLength: 200 },
      addressCountry: { type: 'string', title: 'Country', default: '', maxLength: 100 },
      mapLat: { type: 'number', title: 'Latitude', default: null, nullable: true, minimum: -90, maximum: 90 },
      mapLng: { type: 'number', title: 'Longitude', default: null, nullable: true, minimum: -180, maximum: 180 },
      zoom: { type: 'integer', title: 'Zoom', default: 14, minimum: 1, maximum: 20 },
    }),
  },
  {
    type: BLOCK_TYPES.form,
    name: 'form',
    label: 'Form',
    description: 'One of your forms, for visitors to fill in.',
    interactive: true,
    schema: blockSchema({
      formId: { type: 'string', title: 'Form', default: '', maxLength: 100, 'x-editor': 'form' },
    }),
  },
  {
    type: BLOCK_TYPES.newsletter,
    name: 'newsletter',
    label: 'Newsletter',
    description: 'A sign-up form for your mailing list.',
    interactive: true,
    schema: blockSchema({
      formId: { type: 'string', title: 'Sign-up form', default: '', maxLength: 100, 'x-editor': 'newsletter-form' },
    }),
  },
  {
    type: BLOCK_TYPES.product,
    name: 'product',
    label: 'Product',
    description: 'One product with its price and an Add to cart button.',
    interactive: true,
    schema: blockSchema({
      productId: { type: 'string', title: 'Product', default: '', maxLength: 100, 'x-editor': 'product' },
      showPrice: { type: 'boolean', title: 'Show the price', default: true },
      showAddToCart: { type: 'boolean', title: 'Show Add to cart', default: true },
    }),
  },
  {
    type: BLOCK_TYPES['summary-v2'],
    name: 'summary-v2',
    label: 'Summary',
    description: 'The latest posts, events or products of a page or store.',
    interactive: false,
    schema: blockSchema({
      collectionId: { type: 'string', title: 'Page or store', default: '', maxLength: 100, 'x-editor': 'collection' },
      design: { type: 'string', title: 'Design', default: 'grid', enum: ['list', 'grid', 'carousel', 'wall'], 'x-enumLabels': ['List', 'Grid', 'Carousel', 'Wall'] },
      count: { type: 'integer', title: 'Number of items', default: 6, minimum: 1, maximum: 30 },
      showTitle: { type: 'boolean', title: 'Show titles', default: true },
      showExcerpt: { type: 'boolean', title: 'Show excerpts', default: true },
      showDate: { type: 'boolean', title: 'Show dates', default: true },
      showPrice: { type: 'boolean', title: 'Show prices', default: true },
      filterTag: { type: 'string', title: 'Only items tagged', default: '', maxLength: CONTENT_LIMITS.tagLength },
      filterCategory: { type: 'string', title: 'Only items in the category', default: '', maxLength: CONTENT_LIMITS.categoryLength },
    }),
  },
  {
    type: BLOCK_TYPES.accordion,
    name: 'accordion',
    label: 'Accordion',
    description: 'Questions or sections that open when clicked.',
    interactive: false,
    schema: blockSchema({
      items: {
        type: 'array',
        title: 'Sections',
        default: [{ title: 'Section title', body: '' }],
        maxItems: CONTENT_LIMITS.accordionItems,
        items: {
          type: 'object',
          title: 'Section',
          default: { title: '', body: '' },
          properties: {
            title: { type: 'string', title: 'Title', default: '', minLength: 1, maxLength: 200 },
            body: { type: 'string', title: 'Text', default: '', maxLength: 20_000, 'x-editor': 'rich-text' },
          },
          required: ['title', 'body'],
        },
      },
      allowMultipleOpen: { type: 'boolean', title: 'Allow several open at once', default: false },
    }),
  },
  {
    type: BLOCK_TYPES['socialaccountlinks-v2'],
    name: 'socialaccountlinks-v2',
    label: 'Social links',
    description: 'Icons linking to your social profiles.',
    interactive: false,
    schema: blockSchema({
      links: {
        type: 'array',
        title: 'Profiles',
        default: [],
        maxItems: CONTENT_LIMITS.socialLinks,
        items: {
          type: 'object',
          title: 'Profile',
          default: { network: 'instagram', url: '' },
          properties: {
            network: { type: 'string', title: 'Network', default: 'instagram', enum: SOCIAL_NETWORKS, 'x-enumLabels': SOCIAL_NETWORK_LABELS },
            url: { type: 'string', title: 'Profile link', default: '', minLength: 1, maxLength: CONTENT_LIMITS.urlLength, 'x-editor': 'url' },
          },
          required: ['network', 'url'],
        },
      },
      style: { type: 'string', title: 'Style', default: 'plain', enum: ['plain', 'circle', 'square'], 'x-enumLabels': ['Icons', 'Icons in circles', 'Icons in squares'] },
      alignment: ALIGNMENT,
    }),
  },
  {
    type: BLOCK_TYPES.search,
    name: 'search',
    label: 'Search',
    description: 'A search box for your site.',
    interactive: false,
    schema: blockSchema({
      placeholder: { type: 'string', title: 'Placeholder', default: 'Search', maxLength: 100 },
    }),
  },
  {
    type: BLOCK_TYPES.chart,
    name: 'chart',
    label: 'Chart',
    description: 'A bar, line or pie chart of your numbers.',
    interactive: false,
    schema: blockSchema({
      design: { type: 'string', title: 'Chart type', default: 'bar', enum: ['bar', 'line', 'pie'], 'x-enumLabels': ['Bar', 'Line', 'Pie'] },
      title: { type: 'string', title: 'Title', default: '', maxLength: 200 },
      dataset: {
        type: 'string',
        title: 'Data',
        description: 'Comma- or tab-separated values; the first row names the columns, the first column labels each row.',
        default: SAMPLE_DATASET,
        maxLength: 20_000,
        'x-editor': 'dataset',
      },
      xAxisTitle: { type: 'string', title: 'Horizontal axis title', default: '', maxLength: 100, 'x-showWhen': { design: ['bar', 'line'] } },
      yAxisTitle: { type: 'string', title: 'Vertical axis title', default: '', maxLength: 100, 'x-showWhen': { design: ['bar', 'line'] } },
      showLegend: { type: 'boolean', title: 'Show the legend', default: true },
    }),
  },
  {
    type: BLOCK_TYPES.marquee,
    name: 'marquee',
    label: 'Marquee',
    description: 'A line of text that scrolls across the page.',
    interactive: false,
    schema: blockSchema({
      text: { type: 'string', title: 'Text', default: 'Your message here', minLength: 1, maxLength: 500 },
      speed: { type: 'integer', title: 'Speed', description: '1 is slowest, 10 fastest.', default: 3, minimum: 1, maximum: 10 },
      direction: { type: 'string', title: 'Direction', default: 'left', enum: ['left', 'right'], 'x-enumLabels': ['To the left', 'To the right'] },
      pauseOnHover: { type: 'boolean', title: 'Pause on hover', default: true },
    }),
  },
  {
    type: BLOCK_TYPES.shape,
    name: 'shape',
    label: 'Shape',
    description: 'A coloured shape.',
    interactive: false,
    schema: blockSchema({
      shape: { type: 'string', title: 'Shape', default: 'circle', enum: SHAPES, 'x-enumLabels': SHAPE_LABELS },
      color: { type: 'string', title: 'Colour', description: '3 or 6 hex digits, like #1a6 or #11aa66.', default: '#1f2937', maxLength: 7, 'x-editor': 'color' },
      size: { type: 'integer', title: 'Size (px)', default: 200, minimum: 10, maximum: 1000 },
      label: { type: 'string', title: 'Label', description: 'Read aloud by screen readers; leave empty for a decorative shape.', default: '', maxLength: 200 },
    }),
  },
];

const DEFINITION_BY_CODE = new Map<number, BlockDefinition>(EDITABLE_BLOCKS.map((definition) => [definition.type, definition]));

/** The definition of an editable block type, or undefined for a code we keep but do not edit. */
export function blockDefinition(code: number): BlockDefinition | undefined {
  return DEFINITION_BY_CODE.get(code);
}

/** The variant code a block renders with (platform §3), from its design setting; undefined when it has none. */
export function designVariant(code: number, design: unknown): number | undefined {
  const table: Record<string, number> | undefined =
    code === BLOCK_TYPES.gallery
      ? { grid: BLOCK_VARIANTS.galleryGrid, slideshow: BLOCK_VARIANTS.gallerySlideshow, slider: BLOCK_VARIANTS.galleryCarousel, stacked: BLOCK_VARIANTS.galleryStack }
      : code === BLOCK_TYPES.image
        ? IMAGE_DESIGN_VARIANTS
        : code === BLOCK_TYPES['summary-v2']
          ? SUMMARY_DESIGN_VARIANTS
          : code === BLOCK_TYPES.chart
            ? CHART_DESIGN_VARIANTS
            : undefined;
  return table && typeof design === 'string' && Object.prototype.hasOwnProperty.call(table, design) ? table[design] : undefined;
}
