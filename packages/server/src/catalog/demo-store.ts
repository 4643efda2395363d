import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OptionValue, SubscriptionPlan, WebsiteSettings } from '../db/schema';

/** The demo store: one product for every rule the storefront and the browser tests exercise. */

/**
 * The demo pictures: hand-drawn SVG files in packages/server/demo-assets, served as they are at this
 * prefix. The products show them through the images domain like any upload (seed.ts records them;
 * each is drawn as a PNG on its first request and resized to the `?format=NNNw` widths).
 */
export const DEMO_ASSET_PREFIX = '/assets/demo/';
export const demoAssetsDir = path.resolve(fileURLToPath(import.meta.url), '../../../demo-assets');
/** Every demo picture is drawn on a 1000 × 1000 canvas. */
export const DEMO_IMAGE_SIZE = '1000x1000';

/**
 * A picture of a demo product. Texts left out stay empty, so the alt-text fallback (title, then body
 * cut to 250 characters, then filename) shows on the pages.
 */
export interface DemoImage {
  /** The file in demo-assets/, also the image's name in the demo store. */
  file: string;
  altText?: string;
  title?: string;
  body?: string;
}

export interface DemoVariant {
  sku: string;
  options?: OptionValue[];
  priceCents: number;
  salePriceCents?: number;
  onSale?: boolean;
  qtyInStock?: number;
  unlimited?: boolean;
  /** The file of this variant's own image among its product's images. */
  image?: string;
  /** Grams (weight-based shipping: the demo's Europe zone). */
  weightGrams?: number;
}

export interface DemoProduct {
  slug: string;
  title: string;
  excerpt: string;
  productType: 1 | 2 | 3 | 4;
  variantOptionOrdering?: string[];
  variants: DemoVariant[];
  onSale?: boolean;
  isSubscribable?: boolean;
  subscriptionPlan?: SubscriptionPlan;
  additionalFieldsForm?: unknown;
  useCustomAddButtonText?: boolean;
  customAddButtonText?: string;
  merchandising?: Record<string, unknown>;
  /** Searched with the title and description; products sharing one are related. */
  tags?: string[];
  /** In display order: the first is the main image. */
  images: DemoImage[];
}

export const DEMO_WEBSITE = {
  identifier: 'demo',
  siteTitle: 'Vitrine Demo Store',
  // Settings → Site's tagline (issue 33): the footer shows it under the title.
  siteTagline: 'Well-made things for every day, chosen to last.',
  currency: 'USD',
  locale: 'en-US',
  timeZone: 'America/New_York',
  captchaSiteKey: 'demo-captcha-site-key',
  settings: {
    multipleQuantityAllowedForServices: true,
    // Installments (Afterpay in en-US): in range means above the minimum and not above the maximum.
    afterPayAvailable: true,
    afterPayMin: 3500,
    afterPayMax: 100000,
    stripeAccountCountry: 'US',
    commentsEnabled: false,
    // The home page's meta description, and the fallback of pages without their own.
    siteDescription: 'A small shop of linen, wool, ceramics and gifts, made to last.',
  } satisfies WebsiteSettings,
};

export const DEMO_COLLECTION = { urlId: 'shop', title: 'Shop', description: 'Clothing, homeware and gifts, made to last.' };

const SHIRT_WHITE = 'linen-shirt-white.svg';
const SHIRT_NAVY = 'linen-shirt-navy.svg';

/** Longer than 250 characters on purpose: as alt text it is cut at a word before the 250th. */
export const STICKER_PACK_DESCRIPTION =
  '<p>Four die-cut vinyl stickers on a warm cream background: a round tomato-red dot, a blue five-pointed star, ' +
  'a green rounded square set at a slight angle and an orange heart, each with a thick white border, ready for ' +
  'a laptop lid, a water bottle or the cover of a well-travelled notebook that needs a little colour.</p>';

const size = (value: string): OptionValue => ({ optionName: 'Size', value });
const color = (value: string): OptionValue => ({ optionName: 'Color', value });

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    slug: 'linen-shirt',
    tags: ['apparel', 'summer'],
    title: 'Linen Shirt',
    excerpt: 'Washed European linen that softens with every wear. Cut straight with a relaxed collar, in white or navy.',
    productType: 1,
    variantOptionOrdering: ['Size', 'Color'],
    variants: [
      { sku: 'SHIRT-S-WHITE', weightGrams: 250, options: [size('S'), color('White')], priceCents: 4500, qtyInStock: 12, image: SHIRT_WHITE },
      { sku: 'SHIRT-S-NAVY', weightGrams: 250, options: [size('S'), color('Navy')], priceCents: 4500, qtyInStock: 8, image: SHIRT_NAVY },
      { sku: 'SHIRT-M-WHITE', weightGrams: 270, options: [size('M'), color('White')], priceCents: 4800, qtyInStock: 5, image: SHIRT_WHITE },
      { sku: 'SHIRT-M-NAVY', weightGrams: 270, options: [size('M'), color('Navy')], priceCents: 4800, qtyInStock: 0, image: SHIRT_NAVY },
    ],
    merchandising: {
      scarcityEnabled: true,
      scarcityText: 'Only {qty} left in stock',
      scarcityShownByDefault: false,
      // M / Navy is sold out: its page offers the back-in-stock box, with the default texts.
      restockNotificationsEnabled: true,
      mailingListSignUpEnabled: true,
      // Consent to news is opt-in (issue 31 item 7): the box offers it unticked.
      mailingListOptInByDefault: false,
    },
    // One picture per colour: choosing a variant shows its colour.
    images: [
      { file: SHIRT_WHITE, altText: 'White linen shirt, laid flat', title: 'Linen Shirt in White' },
      { file: SHIRT_NAVY, altText: 'Navy linen shirt, laid flat', title: 'Linen Shirt in Navy' },
    ],
  },
  {
    slug: 'canvas-tote',
    tags: ['accessories', 'summer'],
    title: 'Canvas Tote',
    excerpt: 'Heavy cotton canvas with a leather-look band, long handles and an inside pocket for keys.',
    productType: 1,
    variants: [{ sku: 'TOTE', weightGrams: 400, priceCents: 3000, salePriceCents: 2200, onSale: true, qtyInStock: 40 }],
    images: [
      { file: 'canvas-tote.svg', altText: 'Natural canvas tote bag with a red band and brown handles' },
      // Only a title: the title is its alt text.
      { file: 'canvas-tote-pocket.svg', title: 'Inside pocket of the canvas tote' },
    ],
  },
  {
    slug: 'vintage-lamp',
    tags: ['home', 'lighting'],
    title: 'Vintage Lamp',
    excerpt: 'A brass table lamp with a honey-coloured shade that gives a warm, low light.',
    productType: 1,
    variants: [{ sku: 'LAMP', weightGrams: 2400, priceCents: 8900, qtyInStock: 0 }],
    merchandising: {
      customSoldOutText: 'Gone for now',
      // Sold out altogether: the box shows at once, in the store's own words.
      restockNotificationsEnabled: true,
      restockNotificationMessages: { CTAText: 'This lamp is coming back. Leave your email and we will tell you when.', buttonText: 'Notify me' },
      mailingListSignUpEnabled: true,
      mailingListOptInByDefault: false,
    },
    images: [{ file: 'vintage-lamp.svg', altText: 'Brass table lamp with a honey-coloured shade' }],
  },
  {
    slug: 'ceramic-vase',
    tags: ['home', 'decor'],
    title: 'Ceramic Vase',
    excerpt: 'Thrown by hand and glazed in speckled sage. Each one is a little different.',
    productType: 1,
    variants: [{ sku: 'VASE', weightGrams: 1300, priceCents: 6400, qtyInStock: 1 }],
    // Only a title, and it is the main image: the grid and the product page both read it as alt text.
    images: [{ file: 'ceramic-vase.svg', title: 'Speckled sage-green ceramic vase' }],
  },
  {
    slug: 'sticker-pack',
    tags: ['stationery', 'gifts'],
    title: 'Sticker Pack',
    excerpt: 'Four die-cut vinyl stickers for a laptop, a bottle or a well-travelled notebook.',
    productType: 1,
    variants: [{ sku: 'STICKERS', weightGrams: 40, priceCents: 500, unlimited: true }],
    // Only a description: its text, cut to 250 characters, is the alt text.
    images: [{ file: 'sticker-pack.svg', body: STICKER_PACK_DESCRIPTION }],
  },
  {
    slug: 'engraved-pen',
    tags: ['stationery', 'gifts'],
    title: 'Engraved Pen',
    excerpt: 'A weighty brass pen, engraved with the words of your choice in a serif or script letter.',
    productType: 1,
    variants: [{ sku: 'PEN', weightGrams: 30, priceCents: 2900, qtyInStock: 30 }],
    additionalFieldsForm: {
      id: 'engraving-form',
      name: 'Engraving',
      fields: [
        { id: 'text-engraving', type: 'text', title: 'Engraving text', required: true },
        { id: 'select-font', type: 'select', title: 'Font', required: false, options: ['Serif', 'Script'] },
      ],
    },
    images: [{ file: 'engraved-pen.svg', altText: 'Brass pen with an engraved line, on a dark background' }],
  },
  {
    slug: 'photography-ebook',
    tags: ['books', 'digital'],
    title: 'Photography E-book',
    excerpt: 'Forty pages on light, composition and editing, as a PDF you can read anywhere.',
    productType: 2,
    onSale: false,
    variants: [{ sku: 'EBOOK', priceCents: 1500, unlimited: true }],
    images: [{ file: 'photography-ebook.svg', altText: 'Tablet showing a landscape photograph and the first lines of the e-book' }],
  },
  {
    slug: 'design-consultation',
    tags: ['services'],
    title: 'Design Consultation',
    excerpt: 'An hour with our designer to plan a room: colours, materials and where things go.',
    productType: 3,
    variants: [{ sku: 'CONSULT', priceCents: 12000, qtyInStock: 10 }],
    images: [{ file: 'design-consultation.svg', altText: 'Sketchbook with a pencil line beside three colour swatches' }],
  },
  {
    slug: 'gift-card',
    tags: ['gifts'],
    title: 'Gift Card',
    excerpt: 'Let them choose. Delivered by email with a note from you.',
    productType: 4,
    variantOptionOrdering: ['Amount'],
    variants: [
      { sku: 'GIFT-25', options: [{ optionName: 'Amount', value: '$25.00' }], priceCents: 2500, unlimited: true },
      { sku: 'GIFT-50', options: [{ optionName: 'Amount', value: '$50.00' }], priceCents: 5000, unlimited: true },
      { sku: 'GIFT-100', options: [{ optionName: 'Amount', value: '$100.00' }], priceCents: 10000, unlimited: true },
    ],
    images: [{ file: 'gift-card.svg', altText: 'Red gift card tied with a peach ribbon' }],
  },
  {
    slug: 'coffee-subscription',
    tags: ['coffee', 'whole beans', 'kitchen'],
    title: 'Coffee Subscription',
    excerpt: 'A fresh bag of single-origin beans at your door every month. Pause or cancel anytime.',
    productType: 1,
    isSubscribable: true,
    subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
    variants: [{ sku: 'COFFEE-MONTHLY', weightGrams: 350, priceCents: 1800, unlimited: true }],
    images: [{ file: 'coffee-subscription.svg', altText: 'Brown bag of coffee beans with a bean on its label' }],
  },
  {
    slug: 'wool-blanket',
    tags: ['home', 'winter', 'cosy'],
    title: 'Wool Blanket',
    excerpt: 'Soft lambswool, woven and brushed for warmth without the weight. Throw it over a sofa or the end of a bed.',
    productType: 1,
    variants: [{ sku: 'BLANKET', weightGrams: 1800, priceCents: 12000, qtyInStock: 20 }],
    images: [{ file: 'wool-blanket.svg', altText: 'Three folded wool blankets in green, mustard and rust' }],
  },
  {
    slug: 'leather-armchair',
    tags: ['home', 'furniture'],
    title: 'Leather Armchair',
    excerpt: 'Full-grain leather over a solid oak frame, with rounded arms made for long evenings.',
    productType: 1,
    variants: [{ sku: 'ARMCHAIR', weightGrams: 24000, priceCents: 145000, qtyInStock: 3 }],
    images: [{ file: 'leather-armchair.svg', altText: 'Brown leather armchair with rounded arms' }],
  },
];
