/**
 * The platform's block-type enumeration (platform §3, "Block types (template engine)"), codes 1–71. The spec
 * names most codes; the ones it leaves out are ours to name: marquee 70 and shape 71 (the spec says the
 * enumeration includes both), and the gaps (15, 34–40, 64) stay unnamed — a stored block with such a code
 * renders nothing, like any block type we do not render.
 */
export const BLOCK_TYPES = {
  navigation: 1,
  html: 2,
  logo: 3,
  map: 4,
  image: 5,
  twitter: 6,
  journal: 7,
  gallery: 8,
  form: 9,
  geo: 10,
  index: 11,
  collectionlink: 12,
  link: 13,
  tagcloud: 14,
  comments: 16,
  folder: 17,
  menu: 18,
  sociallinks: 19,
  summary: 20,
  spacer: 21,
  embed: 22,
  code: 23,
  foursquare: 24,
  instagram: 25,
  calendar: 26,
  postsbyauthor: 27,
  postsbytag: 28,
  postsbycategory: 29,
  postsbymonth: 30,
  quote: 31,
  video: 32,
  search: 33,
  audio: 41,
  fivehundredpix: 42,
  product: 43,
  markdown: 44,
  flickr: 45,
  amazon: 46,
  horizontalrule: 47,
  socialaccountlinks: 48,
  rss: 49,
  opentable: 50,
  newsletter: 51,
  donation: 52,
  button: 53,
  'socialaccountlinks-v2': 54,
  'summary-v2': 55,
  soundcloud: 56,
  emailfooter: 57,
  'in-browser-message-link': 58,
  tourdates: 59,
  album: 60,
  archive: 61,
  chart: 62,
  zola: 63,
  acuity: 65,
  'opentable-v2': 66,
  'member-area': 67,
  tock: 68,
  accordion: 69,
  marquee: 70,
  shape: 71,
} as const;

export type BlockTypeName = keyof typeof BLOCK_TYPES;
export type BlockTypeCode = (typeof BLOCK_TYPES)[BlockTypeName];

/** The lowest and highest code of the enumeration. */
export const BLOCK_TYPE_RANGE = { min: 1, max: 71 } as const;

const NAME_BY_CODE = new Map<number, BlockTypeName>(Object.entries(BLOCK_TYPES).map(([name, code]) => [code, name as BlockTypeName]));

/** The enumeration's name for a code, or undefined for a gap or a number outside 1–71. */
export function blockTypeName(code: number): BlockTypeName | undefined {
  return NAME_BY_CODE.get(code);
}

/**
 * The block variant codes (platform §3): the design a gallery, summary, chart or image block is drawn with.
 * Settings store the design by name; these codes are what the rendered block's data carries.
 */
export const BLOCK_VARIANTS = {
  gallerySlideshow: 1000,
  galleryCarousel: 1002,
  galleryGrid: 1003,
  galleryStack: 1004,
  summaryWall: 1005,
  summaryCarousel: 1006,
  summaryList: 1007,
  summaryGrid: 1008,
  chartBar: 1009,
  chartLine: 1010,
  chartPie: 1011,
  imageInline: 1012,
  imagePoster: 1013,
  imageCard: 1014,
  imageOverlap: 1015,
  imageCollage: 1016,
  imageStack: 1017,
  reservations: 1018,
  events: 1019,
} as const;
