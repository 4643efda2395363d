/** The editor's limits (platform §9, storefront §9) and messages (platform §5), shared by server and editor. */
export const CONTENT_LIMITS = {
  /** Max blocks per layout (platform §9): all sections of one body together. */
  blocksPerLayout: 60,
  /** Sections of one body. */
  sectionsPerLayout: 60,
  /** Max items in a user-orderable collection (a gallery page's images, a gallery block's images). */
  itemsPerOrderableCollection: 250,
  productsPerCollection: 200,
  /** URL validator maximum length (platform §5). */
  urlLength: 2083,
  tagLength: 50,
  categoryLength: 25,
  tagsPerItem: 50,
  categoriesPerItem: 50,
  titleLength: 200,
  navigationTitleLength: 200,
  urlIdLength: 100,
  descriptionLength: 5000,
  seoTitleLength: 200,
  seoDescriptionLength: 500,
  excerptLength: 5000,
  authorNameLength: 200,
  /** Alt text falls back to the body truncated to this many characters (storefront §9). */
  altTextBodyLength: 250,
  /** A block or element id inside a body. */
  idLength: 100,
  /** Rich text, markdown and code settings. */
  richTextLength: 100_000,
  /** A chart's dataset is truncated to these (platform §9 names the truncation, not its values). */
  chartRows: 100,
  chartColumns: 12,
  accordionItems: 50,
  socialLinks: 30,
  /** A kept block of a type we do not edit: its settings' JSON size and nesting depth. */
  keptSettingsBytes: 65_536,
  keptSettingsDepth: 16,
} as const;

/** Platform §5's editor messages, verbatim; fill the {placeholders} with formatEditorMessage. */
export const EDITOR_MESSAGES = {
  invalidEmail: 'Please enter a valid email',
  emailFormat: 'Emails must be formatted as {email}',
  linkFormat: 'Links must be formatted as {host} or {host}',
  invalidPageUrl: '{val} is not a valid page URL',
  notAnOption: '{val} is not one of the expected options',
  fileNameRequired: 'Please enter a file name',
  listRequired: 'A List must be selected',
  datasetNoColumn: 'Your dataset must have at least one column',
  datasetNoRow: 'Your dataset must have at least one row',
  datasetMissingData: 'One or more rows was missing data',
  // The spec names these two without their words: ours.
  fileTooLarge: 'This file is too large. The maximum size is {size}.',
  fileTypeNotSupported: 'This file type is not supported.',
  vimeoBasic: 'Vimeo Basic accounts are unsupported, share a video from a different account.',
} as const;

export type EditorMessageKey = keyof typeof EDITOR_MESSAGES;

/**
 * Fill a message's {placeholders}. A value may be a list when the template names a placeholder more than
 * once ('Links must be formatted as {host} or {host}'): each occurrence takes the next entry. A placeholder
 * without a value is left as written.
 */
export function formatEditorMessage(template: string, values: Record<string, string | number | readonly (string | number)[]>): string {
  const used = new Map<string, number>();
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(values, name)) return whole;
    const value = values[name];
    if (Array.isArray(value)) {
      const index = used.get(name) ?? 0;
      used.set(name, index + 1);
      return index < value.length ? String(value[index]) : whole;
    }
    return String(value);
  });
}

/** A user's value quoted inside a message: short, one line. */
export function displayValue(value: unknown): string {
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : 'This value';
  const oneLine = text.replace(/[\u0000-\u001f\u007f]+/g, ' ');
  return oneLine.length > 40 ? `${oneLine.slice(0, 40)}…` : oneLine;
}

/** Blank text (platform §5): empty or whitespace-only, zero-width characters included. */
export function isBlank(text: string): boolean {
  return text.replace(/[\s\u200b-\u200d\u2060\ufeff]/g, '') === '';
}
