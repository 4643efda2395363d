import { BLOCK_TYPES } from './block-types';
import type { Block, Column, PageBody, Section, SectionBackground, SectionColourTheme, SectionSpacing } from './body';
import { emptyPageBody, PAGE_BODY_SCHEMA_VERSION } from './body';
import { defaultSettings } from './check-settings';

/**
 * Ready-made sections (issue 34 §3) and the page layouts new pages start from, as data: each preset is a function
 * returning a section that passes checkPageBody, so the editor's gallery, the new-page dialog and the tests share
 * one definition. Ids come from the caller's `newId` (unique within the body the section joins).
 */
export type NewId = (kind: 'section' | 'column' | 'block') => string;

export interface SectionPreset {
  /** Stable name (the gallery's option value, the test's handle). */
  readonly name: string;
  readonly label: string;
  readonly description: string;
  /** What the gallery's small preview draws: one entry per column, each the kinds of block it holds. */
  readonly preview: readonly (readonly PreviewPart[])[];
  /** The preview's background: a picture, or the colour theme's colour. */
  readonly previewBackground: 'image' | SectionColourTheme;
  create(newId: NewId): Section;
}

export type PreviewPart = 'heading' | 'text' | 'button' | 'image' | 'quote' | 'list' | 'product' | 'form';

/** The picture the hero starts with (the theme's own asset) until the owner picks one. */
export const PRESET_HERO_PICTURE = '/assets/theme/sections/hero.svg';

const text = (html: string): Omit<Block, 'id'> => ({ type: BLOCK_TYPES.html, settings: { ...defaultSettings(BLOCK_TYPES.html), html } });
const button = (label: string, url: string): Omit<Block, 'id'> => ({
  type: BLOCK_TYPES.button,
  settings: { ...defaultSettings(BLOCK_TYPES.button), label, url, alignment: 'left' },
});
const quote = (words: string, source: string): Omit<Block, 'id'> => ({ type: BLOCK_TYPES.quote, settings: { ...defaultSettings(BLOCK_TYPES.quote), quote: words, source } });
const image = (): Omit<Block, 'id'> => ({ type: BLOCK_TYPES.image, settings: defaultSettings(BLOCK_TYPES.image) });

interface SectionShape {
  colourTheme?: SectionColourTheme;
  background?: SectionBackground;
  spacing?: SectionSpacing;
  columns: ReadonlyArray<ReadonlyArray<Omit<Block, 'id'>>>;
}

function build(newId: NewId, shape: SectionShape): Section {
  const columns: Column[] = shape.columns.map((blocks) => ({ id: newId('column'), blocks: blocks.map((block) => ({ id: newId('block'), ...structuredClone(block) })) }));
  return {
    id: newId('section'),
    type: 'content',
    ...(shape.colourTheme && shape.colourTheme !== 'light' ? { colourTheme: shape.colourTheme } : {}),
    ...(shape.background ? { background: shape.background } : {}),
    ...(shape.spacing && shape.spacing !== 'medium' ? { spacing: shape.spacing } : {}),
    columns,
  };
}

const feature = (title: string, words: string) => [text(`<h3>${title}</h3><p>${words}</p>`)];

export const SECTION_PRESETS: readonly SectionPreset[] = [
  {
    name: 'hero',
    label: 'Hero',
    description: 'A large heading and a button over a picture.',
    preview: [['heading', 'text', 'button']],
    previewBackground: 'image',
    create: (newId) =>
      build(newId, {
        colourTheme: 'dark',
        background: { kind: 'image', url: PRESET_HERO_PICTURE, alt: '' },
        spacing: 'large',
        columns: [[text('<h2>Made to be used every day</h2><p>Tell visitors in one sentence what you make and why it is worth their time.</p>'), button('Shop now', '/shop')]],
      }),
  },
  {
    name: 'picture-text',
    label: 'Picture beside text',
    description: 'A picture in one column, a heading, text and a button in the other.',
    preview: [['image'], ['heading', 'text', 'button']],
    previewBackground: 'light',
    create: (newId) =>
      build(newId, {
        columns: [[image()], [text('<h2>Our story</h2><p>Where you started, what you care about, and who makes the things you sell.</p>'), button('Read more', '/about')]],
      }),
  },
  {
    name: 'feature-grid',
    label: 'Feature grid',
    description: 'Three columns, each a short heading and a sentence.',
    preview: [['heading', 'text'], ['heading', 'text'], ['heading', 'text']],
    previewBackground: 'light',
    create: (newId) =>
      build(newId, {
        columns: [
          feature('Made by hand', 'Every piece is made in our own workshop, in small batches.'),
          feature('Free returns', 'Changed your mind? Send it back within 30 days, on us.'),
          feature('Built to last', 'Honest materials, repaired for free for the first year.'),
        ],
      }),
  },
  {
    name: 'testimonials',
    label: 'Testimonials',
    description: 'Three quotes from happy customers.',
    preview: [['quote'], ['quote'], ['quote']],
    previewBackground: 'accent',
    create: (newId) =>
      build(newId, {
        colourTheme: 'accent',
        columns: [
          [quote('The nicest thing I bought this year, and it arrived in two days.', 'Ana, Lisbon')],
          [quote('You can tell someone cared about every detail.', 'Tom, Leeds')],
          [quote('I have ordered three more as presents.', 'Mei, Lyon')],
        ],
      }),
  },
  {
    name: 'faq',
    label: 'FAQ',
    description: 'A heading and questions that open when clicked.',
    preview: [['heading', 'list']],
    previewBackground: 'light',
    create: (newId) =>
      build(newId, {
        columns: [[
          text('<h2>Questions and answers</h2>'),
          {
            type: BLOCK_TYPES.accordion,
            settings: {
              ...defaultSettings(BLOCK_TYPES.accordion),
              items: [
                { title: 'How long does delivery take?', body: '<p>Orders leave our workshop within two working days.</p>' },
                { title: 'Can I return an order?', body: '<p>Yes: within 30 days, in its original condition.</p>' },
                { title: 'Do you ship abroad?', body: '<p>We ship to most countries; the cost is shown at checkout.</p>' },
              ],
            },
          },
        ]],
      }),
  },
  {
    name: 'call-to-action',
    label: 'Call to action',
    description: 'A short heading and one button on a coloured band.',
    preview: [['heading', 'button']],
    previewBackground: 'dark',
    create: (newId) =>
      build(newId, {
        colourTheme: 'dark',
        columns: [[text('<h2>Ready when you are</h2><p>New pieces every month, in small numbers.</p>'), button('See what is new', '/shop')]],
      }),
  },
  {
    name: 'product-spotlight',
    label: 'Product spotlight',
    description: 'One product with its price and Add to cart, beside a few words about it.',
    preview: [['product'], ['heading', 'text']],
    previewBackground: 'light',
    create: (newId) =>
      build(newId, {
        columns: [
          [{ type: BLOCK_TYPES.product, settings: defaultSettings(BLOCK_TYPES.product) }],
          [text('<h2>This month’s favourite</h2><p>Say why this product is special: what it is made of, who it is for.</p>')],
        ],
      }),
  },
  {
    name: 'newsletter',
    label: 'Newsletter',
    description: 'A heading, a sentence and the sign-up form.',
    preview: [['heading', 'text'], ['form']],
    previewBackground: 'accent',
    create: (newId) =>
      build(newId, {
        colourTheme: 'accent',
        columns: [
          [text('<h2>Hear about new pieces first</h2><p>One letter a month. No spam, and you can leave at any time.</p>')],
          [{ type: BLOCK_TYPES.newsletter, settings: defaultSettings(BLOCK_TYPES.newsletter) }],
        ],
      }),
  },
];

export function sectionPreset(name: string): SectionPreset | undefined {
  return SECTION_PRESETS.find((preset) => preset.name === name);
}

/** Ids for a new body or a section joining `body`: `{kind}-{n}` with n counting past the ids already used. */
export function idMakerFor(body: { sections: ReadonlyArray<unknown> } | null): NewId {
  const taken = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>;
      if (typeof record.id === 'string') taken.add(record.id);
      walk(record.sections);
      walk(record.columns);
      walk(record.blocks);
    }
  };
  walk(body?.sections ?? []);
  const next = new Map<string, number>();
  return (kind) => {
    for (let n = next.get(kind) ?? 1; ; n += 1) {
      const id = `${kind}-${n}`;
      if (!taken.has(id)) {
        taken.add(id);
        next.set(kind, n + 1);
        return id;
      }
    }
  };
}

export interface PageLayout {
  readonly name: string;
  readonly label: string;
  readonly description: string;
  /** The presets the page starts with, in order (none for blank). */
  readonly presets: readonly string[];
}

/** What the new-page dialog offers; blank is first and the default. */
export const PAGE_LAYOUTS: readonly PageLayout[] = [
  { name: 'blank', label: 'Blank', description: 'An empty page.', presets: [] },
  { name: 'about', label: 'About', description: 'Your story beside a picture, what sets you apart, and what customers say.', presets: ['picture-text', 'feature-grid', 'testimonials'] },
  { name: 'contact', label: 'Contact', description: 'A heading, a contact form and your details.', presets: [] },
  { name: 'faq', label: 'FAQ', description: 'Questions and answers, then a way to reach you.', presets: ['faq', 'call-to-action'] },
  { name: 'landing', label: 'Landing', description: 'A hero, features, a product, testimonials and a sign-up.', presets: ['hero', 'feature-grid', 'product-spotlight', 'testimonials', 'newsletter'] },
];

/** The body a new page starts with for the layout `name` (the blank body for an unknown name). */
export function pageLayoutBody(name: string): PageBody {
  const newId = idMakerFor(null);
  if (name === 'contact') {
    return {
      schemaVersion: PAGE_BODY_SCHEMA_VERSION,
      sections: [
        build(newId, {
          columns: [
            [text('<h2>Get in touch</h2><p>Write to us and we will answer within one working day.</p>'), { type: BLOCK_TYPES.form, settings: defaultSettings(BLOCK_TYPES.form) }],
            [text('<h2>Visit or call</h2><p>12 Market Street<br>Open Tuesday to Saturday, 10:00–18:00</p><p><a href="mailto:hello@example.com">hello@example.com</a></p>')],
          ],
        }),
      ],
    };
  }
  const layout = PAGE_LAYOUTS.find((candidate) => candidate.name === name);
  const sections = (layout?.presets ?? []).map((preset) => sectionPreset(preset)!.create(newId));
  return sections.length > 0 ? { schemaVersion: PAGE_BODY_SCHEMA_VERSION, sections } : emptyPageBody();
}
