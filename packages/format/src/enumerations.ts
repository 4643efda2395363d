/**
 * Enumerations of platform.md §2–3 as typed constants. Where the spec says more
 * members exist but does not show them, only the shown ones are here.
 */

/** Value type of an `as const` enumeration object. */
export type EnumValue<T> = T[keyof T];

/** platform.md §2: page-type codes. */
export const PageType = {
  MAIN_CONTENT: 1,
  PAGE: 2,
  SPLASH_PAGE: 3,
  CONTENT_ITEM: 50,
  NOT_FOUND: 100,
  ERROR: 101,
  SEARCH: 102,
  LOCK_SCREEN: 103,
  POPUP_OVERLAY: 104,
  PROTECTED_CONTENT: 105,
  MEMBER_AREA_ACCESS_DENIED: 106,
  SHOW_CART: 200,
  CHECKOUT: 201,
  ORDER_CONFIRMED: 202,
  DONATE: 203,
  CONTRIBUTION_CONFIRMED: 204,
  COMMERCE_CART_V2: 205,
  SUBSCRIPTION_CONFIRMED: 206,
  ORDER_RECEIVED: 207,
  MEMBERSHIP_CONFIRMED: 208,
  REVIEWS_REQUEST: 209,
  DIGITAL_PRODUCT_COMPOSER_PREVIEW: 210,
  ORDER_STATUS: 211,
  NEWSLETTER_UNSUBSCRIBE: 300,
  COMMERCE_EMAIL_PREVIEW: 301,
} as const;
export type PageType = EnumValue<typeof PageType>;

/** platform.md §2: editor content status labels and lock labels. */
export const CONTENT_STATUS_LABELS = ['Scheduled', 'Needs Review', 'Draft', 'Private'] as const;
export const LOCK_LABELS = {
  locked: 'This page is locked',
  membersOnly: 'This page available only site members',
} as const;

/** platform.md §3: analytics event types. */
export const AnalyticsEventType = { PAGE_VIEW: 1, SITE_SEARCH: 2, HEARTBEAT: 10, AUDIO: 20, VIDEO: 21 } as const;
export type AnalyticsEventType = EnumValue<typeof AnalyticsEventType>;

export const SourceEnvironment = { DEV: 'dev', QA: 'qa', STAGING: 'staging', PROD: 'prod' } as const;
export type SourceEnvironment = EnumValue<typeof SourceEnvironment>;

export const EventSource = { WEB: 'WEB', IOS: 'IOS', ANDROID: 'ANDROID', SERVER: 'SERVER' } as const;
export type EventSource = EnumValue<typeof EventSource>;

export const ExperimentType = { FEATURE_TOGGLE: 'FEATURE_TOGGLE', AB_TEST: 'AB_TEST' } as const;
export type ExperimentType = EnumValue<typeof ExperimentType>;

export const BackgroundSource = { UNDEFINED: -1, UPLOAD: 1, INSTAGRAM: 2, VIDEO: 3, NONE: 4 } as const;
export type BackgroundSource = EnumValue<typeof BackgroundSource>;

/** platform.md §3: template-engine block types (the shown members of 1..71). */
export const BlockType = {
  NAVIGATION: 1,
  HTML: 2,
  LOGO: 3,
  MAP: 4,
  IMAGE: 5,
  TWITTER: 6,
  JOURNAL: 7,
  GALLERY: 8,
  FORM: 9,
  GEO: 10,
  INDEX: 11,
  COLLECTIONLINK: 12,
  LINK: 13,
  TAGCLOUD: 14,
  COMMENTS: 16,
  FOLDER: 17,
  MENU: 18,
  SOCIALLINKS: 19,
  SUMMARY: 20,
  SPACER: 21,
  EMBED: 22,
  CODE: 23,
  FOURSQUARE: 24,
  INSTAGRAM: 25,
  CALENDAR: 26,
  POSTSBYAUTHOR: 27,
  POSTSBYTAG: 28,
  POSTSBYCATEGORY: 29,
  POSTSBYMONTH: 30,
  QUOTE: 31,
  VIDEO: 32,
  SEARCH: 33,
  AUDIO: 41,
  FIVEHUNDREDPIX: 42,
  PRODUCT: 43,
  MARKDOWN: 44,
  FLICKR: 45,
  AMAZON: 46,
  HORIZONTALRULE: 47,
  SOCIALACCOUNTLINKS: 48,
  RSS: 49,
  OPENTABLE: 50,
  NEWSLETTER: 51,
  DONATION: 52,
  BUTTON: 53,
  SOCIALACCOUNTLINKS_V2: 54,
  SUMMARY_V2: 55,
  SOUNDCLOUD: 56,
  EMAILFOOTER: 57,
  IN_BROWSER_MESSAGE_LINK: 58,
  TOURDATES: 59,
  ALBUM: 60,
  ARCHIVE: 61,
  CHART: 62,
  ZOLA: 63,
  ACUITY: 65,
  OPENTABLE_V2: 66,
  MEMBER_AREA: 67,
  TOCK: 68,
  ACCORDION: 69,
} as const;
export type BlockType = EnumValue<typeof BlockType>;

/** The template engine's lower-case names of block types ('socialaccountlinks-v2', ...). */
export const BLOCK_TYPE_NAMES: Readonly<Record<BlockType, string>> = Object.fromEntries(
  Object.entries(BlockType).map(([key, code]) => [code, key.toLowerCase().replace(/_/g, '-')]),
) as Record<BlockType, string>;

/** platform.md §3: collection types (first enumeration, plus the shown members of the second). */
export const CollectionType = {
  GENERIC: 1,
  SUBSCRIPTION: 2,
  TWITTER: 3,
  FOURSQUARE: 4,
  INSTAGRAM: 5,
  GALLERY_BLOCK: 6,
  TEMPLATE_PAGE: 7,
  SPLASH_PAGE: 8,
  PAGE: 10,
  FIVEHUNDREDPIX: 11,
  FLICKR: 12,
  PRODUCTS: 13,
  SLIDE_GALLERY: 15,
  SLIDE_ALBUM: 16,
  SLIDE_VIDEO: 17,
  ALBUM_BLOCK: 18,
  PORTFOLIO: 23,
  LESSONS: 24,
  COURSE: 25,
} as const;
export type CollectionType = EnumValue<typeof CollectionType>;

export const FolderBehavior = { INDEX: 1, REDIRECT: 2, NONE: 3 } as const;
export type FolderBehavior = EnumValue<typeof FolderBehavior>;

/** platform.md §3: product types; PAYWALL exists only in the platform enumeration. */
export const ProductType = { PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 } as const;
export type ProductType = EnumValue<typeof ProductType>;

/** platform.md §3: record types. */
export const RecordType = {
  TEXT: 1,
  IMAGE: 2,
  QUOTE: 4,
  LINK: 5,
  AUDIO: 7,
  VIDEO: 8,
  STORE_ITEM: 11,
  EVENT: 12,
  GALLERY: 14,
  BINARY: 15,
  CSS_ASSET: 16,
  TWEAK_ASSET: 17,
  DIGITAL_GOOD: 18,
  ATTACHMENT: 19,
  WORDPRESS_EXPORT: 20,
  JSON_EXPORT: 21,
  SITE_SEARCH: 30,
  ACTIVE_TIME: 31,
  TWEET: 50,
  CHECKIN: 52,
  KBARTICLE: 54,
} as const;
export type RecordType = EnumValue<typeof RecordType>;

/** platform.md §3: item types (the shown members of the second enumeration). */
export const ItemType = {
  TEXT: 1,
  IMAGE: 2,
  VIDEO: 8,
  REVIEW: 10,
  STORE_ITEM: 11,
  EVENT: 12,
  DIGITAL_GOOD: 18,
  LESSON: 62,
  COURSE_ITEM: 63,
} as const;
export type ItemType = EnumValue<typeof ItemType>;

/** platform.md §3: slice types with codes. */
export const SliceType = {
  HEADING: 1,
  BODY: 3,
  IMAGE: 4,
  GALLERY: 5,
  VIDEO: 6,
  SOCIAL_ICONS: 7,
  BUTTONS: 8,
  NAVIGATION: 9,
  CUSTOM_FORM: 10,
  NEWSLETTER: 11,
  ALBUM: 12,
  MAP: 13,
  LOGO: 14,
  ACTION: 15,
  FORM: 16,
  LOCK: 17,
  PASSWORD: 18,
  TWITTER: 19,
} as const;
export type SliceType = EnumValue<typeof SliceType>;
/** Slice types the editor lists without codes. */
export const UNCODED_SLICE_TYPES = ['sub-heading', 'popup-overlay-action', 'temp-lock-inject'] as const;
export const SLIDE_TYPES = ['cover-page', 'lock-screen', 'popup-overlay'] as const;
export type SlideType = (typeof SLIDE_TYPES)[number];

/** platform.md §3: block variant codes (two carousels, grids and stacks exist for different blocks). */
export const BlockVariant = {
  GALLERY_SLIDESHOW: 1000,
  GALLERY_CAROUSEL: 1002,
  GALLERY_GRID: 1003,
  GALLERY_STACK: 1004,
  SUMMARY_WALL: 1005,
  SUMMARY_CAROUSEL: 1006,
  SUMMARY_LIST: 1007,
  SUMMARY_GRID: 1008,
  CHART_BAR: 1009,
  CHART_LINE: 1010,
  CHART_PIE: 1011,
  IMAGE_INLINE: 1012,
  IMAGE_POSTER: 1013,
  IMAGE_CARD: 1014,
  IMAGE_OVERLAP: 1015,
  IMAGE_COLLAGE: 1016,
  IMAGE_STACK: 1017,
  RESERVATIONS: 1018,
  EVENTS: 1019,
} as const;
export type BlockVariant = EnumValue<typeof BlockVariant>;

/** platform.md §3: website status. */
export const WebsiteStatus = {
  EXPIRED: 1,
  PAST_DUE: 2,
  TRIAL: 3,
  BETA: 4,
  REMOVED: 5,
  INTERNAL: 6,
  COMPED: 7,
  PAID: 8,
  PARKING_PAGE: 12,
  RESOLD: 13,
  GRACE_PERIOD: 14,
  ENTERPRISE: 15,
} as const;
export type WebsiteStatus = EnumValue<typeof WebsiteStatus>;

/** platform.md §3: contributor roles. */
export const ContributorRole = {
  ADMIN: 1,
  BILLING: 2,
  REPORTING: 3,
  EDITOR: 4,
  MODERATOR: 6,
  COMMENTER: 7,
  STORE_MANAGER: 8,
  SCHEDULING: 9,
  VIEWER: 10,
  CAMPAIGNS_EDITOR: 11,
  SCHEDULING_VIEWER: 12,
  SCHEDULING_EDITOR: 13,
  NONE: 14,
  WEBSITE_MANAGER: 15,
} as const;
export type ContributorRole = EnumValue<typeof ContributorRole>;

/** platform.md §3: the known feature flags among codes 1..70. */
export const FeatureFlag = {
  SITE_USER_ACCOUNTS: 29,
  GIFT_CARDS: 40,
  COMMERCE_SUBSCRIPTIONS: 50,
  AFTERPAY: 64,
  NATIVE_PRODUCT_REVIEWS: 66,
  CLEARPAY: 68,
  KLARNA: 70,
} as const;
export type FeatureFlag = EnumValue<typeof FeatureFlag>;
export const MIN_FEATURE_FLAG = 1;
export const MAX_FEATURE_FLAG = 70;

/** platform.md §3: subscription billing period units. */
export const BillingPeriodUnit = { WEEK: 'WEEK', MONTH: 'MONTH', YEAR: 'YEAR' } as const;
export type BillingPeriodUnit = EnumValue<typeof BillingPeriodUnit>;

export const GalleryItemMediaType = {
  IMAGE_EMPTY: 'imageEmpty',
  IMAGE_FILE: 'imageFile',
  IMAGE_LICENSED: 'imageLicensed',
  IMAGE_REUSED: 'imageReused',
  ASSET_REUSED: 'assetReused',
  VIDEO: 'video',
} as const;
export type GalleryItemMediaType = EnumValue<typeof GalleryItemMediaType>;

export const GALLERY_DESIGNS = ['grid', 'slideshow', 'slider', 'stacked'] as const;
export type GalleryDesign = (typeof GALLERY_DESIGNS)[number];
export const GALLERY_META_POSITIONS = [
  'top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right',
] as const;
export type GalleryMetaPosition = (typeof GALLERY_META_POSITIONS)[number];
export const ALIGNMENTS = ['center', 'left', 'right'] as const;
export type Alignment = (typeof ALIGNMENTS)[number];

export const COLLECTION_VIEWS = ['list', 'grid', 'product'] as const;
export const DEVICE_VIEWS = ['desktop', 'phone', 'tablet'] as const;
export const TWEAK_PAGE_TYPES = ['SPLASH_PAGE', 'LOCK_SCREEN', 'POPUP_OVERLAY', 'CHECKOUT', 'STYLE'] as const;
/** The 3×3 position grid: 'TOP_LEFT' … 'BOTTOM_RIGHT'. */
export const POSITIONS = (['TOP', 'CENTER', 'BOTTOM'] as const).flatMap((row) =>
  (['LEFT', 'CENTER', 'RIGHT'] as const).map((column) => `${row}_${column}` as const),
);
export type Position = (typeof POSITIONS)[number];

/** platform.md §3: editor form field types and form-builder sections 1..5. */
export const FORM_FIELD_TYPES = [
  'text', 'textarea', 'email', 'currency', 'number', 'website', 'password', 'twitter', 'date', 'time',
  'name', 'address', 'phone', 'section', 'radio', 'checkbox', 'select', 'likert', 'hidden',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];
export const FormBuilderSection = { BUILD: 1, STORAGE: 2, ADVANCED: 3, CAPTCHA: 4, DISCLAIMER: 5 } as const;
export type FormBuilderSection = EnumValue<typeof FormBuilderSection>;

/**
 * storefront.md §9: Likert labels from -2 to 2. The spec names the ends; the three
 * middle labels are the usual scale wording (an assumption).
 */
export const LIKERT_LABELS = {
  '-2': 'Strongly Disagree',
  '-1': 'Disagree',
  '0': 'Neutral',
  '1': 'Agree',
  '2': 'Strongly Agree',
} as const;

/** storefront.md §3: what the submission payload's contentSource says. */
export const ContentSource = { ITEM: 'i', COLLECTION: 'c' } as const;
export type ContentSource = EnumValue<typeof ContentSource>;

/** True when `value` is one of the enumeration's values (for reading untyped JSON). */
export function isEnumValue<T extends Record<string, string | number>>(
  enumeration: T,
  value: unknown,
): value is EnumValue<T> {
  return Object.values(enumeration).includes(value as string | number);
}
