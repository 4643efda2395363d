/**
 * The site archive's format, version 1 (the server README's "Site archives" section is its spec): a gzip'd tar of
 *
 *   rows/{table}.jsonl   one JSON object per line, a row of that table as PostgreSQL's row_to_json writes it
 *   files/{shelf}/{key}  the stored bytes a row names: picture originals, digital downloads, lesson videos
 *   manifest.json        written last (it counts what came before): ArchiveManifest below
 *
 * Rows keep their ids; an import gives every id a new one (ids are 24 hex digits, so an id anywhere in a row,
 * a JSON body or a storage key is found and replaced alike). What goes in is an explicit list of tables per kind;
 * the columns are read from the database catalog, so a column a migration adds travels without code.
 */

export const ARCHIVE_FORMAT = 'vitrine-site-archive';
export const ARCHIVE_VERSION = 1;

/** Where a file's bytes live on this install; the archive names the shelf and the row's key. */
export type FileShelfName = 'images' | 'downloads' | 'lesson-videos';

export interface ArchiveKind {
  kind: string;
  /** Parents before children where it matters only for reading; the import orders by foreign keys itself. */
  tables: readonly string[];
  /** Orders, customers, subscribers: in an archive only when the owner asked, and then flagged in its manifest. */
  personalData: boolean;
}

/**
 * What an archive holds, by kind. The website row itself travels as `website` (its settings columns only: the
 * importing website keeps its own id, identifier, hosts and status).
 */
export const ARCHIVE_KINDS: readonly ArchiveKind[] = [
  { kind: 'settings', tables: ['site_languages', 'shipping_zones', 'shipping_rates', 'tax_rules', 'url_redirects', 'popup_overlays'], personalData: false },
  { kind: 'design', tables: ['site_style_versions'], personalData: false },
  { kind: 'navigation', tables: ['site_navigations', 'site_header_footer'], personalData: false },
  { kind: 'pictures', tables: ['images'], personalData: false },
  { kind: 'products', tables: ['collections', 'categories', 'products', 'variants', 'product_files'], personalData: false },
  { kind: 'forms', tables: ['forms'], personalData: false },
  { kind: 'pages', tables: ['site_pages'], personalData: false },
  { kind: 'posts-and-events', tables: ['site_items', 'post_comments'], personalData: false },
  { kind: 'members-and-courses', tables: ['member_areas', 'member_area_pages', 'lesson_details', 'lesson_videos'], personalData: false },
  { kind: 'customers', tables: ['site_users'], personalData: true },
  { kind: 'subscribers', tables: ['newsletter_subscribers'], personalData: true },
  { kind: 'orders', tables: ['carts', 'orders', 'order_items'], personalData: true },
];

/** The websites row's columns an archive carries (and an import writes onto the importing website). */
export const WEBSITE_COLUMNS = [
  'site_title', 'currency', 'locale', 'time_zone', 'settings', 'site_tagline', 'logo_image_id', 'logo_alt_text', 'favicon_image_id',
  'social_image_id', 'identity_pictures', 'site_styles',
] as const;

export function tablesOf(includePersonalData: boolean): string[] {
  return ARCHIVE_KINDS.filter((kind) => includePersonalData || !kind.personalData).flatMap((kind) => [...kind.tables]);
}

export function isPersonalTable(table: string): boolean {
  return ARCHIVE_KINDS.some((kind) => kind.personalData && kind.tables.includes(table));
}

export interface ManifestTable {
  table: string;
  kind: string;
  personalData: boolean;
  rows: number;
  path: string;
}

export interface ManifestFile {
  shelf: FileShelfName;
  key: string;
  path: string;
  bytes: number;
}

export interface ArchiveManifest {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  createdAt: string;
  /** The exported website, for the reader: its id is replaced on import like every other. */
  source: { websiteId: string; siteTitle: string };
  /** True when the archive holds orders, customers or subscribers; each such table says so too. */
  containsPersonalData: boolean;
  website: string;
  tables: ManifestTable[];
  files: ManifestFile[];
  /** Rows left out because a required key pointed outside the archive (by table); absent when none were. */
  leftOut?: Record<string, number>;
}

/** 24 hex digits, alone (not inside a longer run of hex or word characters): the platform's ids. */
export const ID_PATTERN = /(?<![0-9a-zA-Z_])[0-9a-f]{24}(?![0-9a-zA-Z_])/g;

export const rowsPath = (table: string) => `rows/${table}.jsonl`;
export const WEBSITE_PATH = 'rows/website.json';
export const MANIFEST_PATH = 'manifest.json';

/** A file's place in the archive: its shelf and key, the key's `/` kept (keys are safe segments: isValidObjectKey). */
export const filePath = (shelf: FileShelfName, key: string) => `files/${shelf}/${key}`;
