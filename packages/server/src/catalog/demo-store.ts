import type { OptionValue, SubscriptionPlan, WebsiteSettings } from '../db/schema';

/** The demo store: one product for every rule the storefront and the browser tests exercise. */

export interface DemoVariant {
  sku: string;
  options?: OptionValue[];
  priceCents: number;
  salePriceCents?: number;
  onSale?: boolean;
  qtyInStock?: number;
  unlimited?: boolean;
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
}

export const DEMO_WEBSITE = {
  identifier: 'demo',
  siteTitle: 'Vitrine Demo Store',
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
  } satisfies WebsiteSettings,
};

export const DEMO_COLLECTION = { urlId: 'shop', title: 'Shop', description: 'Everything in the demo store.' };

const size = (value: string): OptionValue => ({ optionName: 'Size', value });
const color = (value: string): OptionValue => ({ optionName: 'Color', value });

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    slug: 'linen-shirt',
    title: 'Linen Shirt',
    excerpt: 'A physical product with two options; Navy / M is sold out.',
    productType: 1,
    variantOptionOrdering: ['Size', 'Color'],
    variants: [
      { sku: 'SHIRT-S-WHITE', options: [size('S'), color('White')], priceCents: 4500, qtyInStock: 12 },
      { sku: 'SHIRT-S-NAVY', options: [size('S'), color('Navy')], priceCents: 4500, qtyInStock: 8 },
      { sku: 'SHIRT-M-WHITE', options: [size('M'), color('White')], priceCents: 4800, qtyInStock: 5 },
      { sku: 'SHIRT-M-NAVY', options: [size('M'), color('Navy')], priceCents: 4800, qtyInStock: 0 },
    ],
    merchandising: { scarcityEnabled: true, scarcityText: 'Only {qty} left in stock', scarcityShownByDefault: false },
  },
  {
    slug: 'canvas-tote',
    title: 'Canvas Tote',
    excerpt: 'A single-variant product on sale.',
    productType: 1,
    variants: [{ sku: 'TOTE', priceCents: 3000, salePriceCents: 2200, onSale: true, qtyInStock: 40 }],
  },
  {
    slug: 'vintage-lamp',
    title: 'Vintage Lamp',
    excerpt: 'Fully sold out.',
    productType: 1,
    variants: [{ sku: 'LAMP', priceCents: 8900, qtyInStock: 0 }],
    merchandising: { customSoldOutText: 'Gone for now', mailingListSignUpEnabled: true, mailingListOptInByDefault: false },
  },
  {
    slug: 'ceramic-vase',
    title: 'Ceramic Vase',
    excerpt: 'Exactly one left.',
    productType: 1,
    variants: [{ sku: 'VASE', priceCents: 6400, qtyInStock: 1 }],
  },
  {
    slug: 'sticker-pack',
    title: 'Sticker Pack',
    excerpt: 'Unlimited stock.',
    productType: 1,
    variants: [{ sku: 'STICKERS', priceCents: 500, unlimited: true }],
  },
  {
    slug: 'engraved-pen',
    title: 'Engraved Pen',
    excerpt: 'Asks for the engraving in an additional-fields form.',
    productType: 1,
    variants: [{ sku: 'PEN', priceCents: 2900, qtyInStock: 30 }],
    additionalFieldsForm: {
      id: 'engraving-form',
      name: 'Engraving',
      fields: [
        { id: 'text-engraving', type: 'text', title: 'Engraving text', required: true },
        { id: 'select-font', type: 'select', title: 'Font', required: false, options: ['Serif', 'Script'] },
      ],
    },
  },
  {
    slug: 'photography-ebook',
    title: 'Photography E-book',
    excerpt: 'A digital product.',
    productType: 2,
    onSale: false,
    variants: [{ sku: 'EBOOK', priceCents: 1500, unlimited: true }],
  },
  {
    slug: 'design-consultation',
    title: 'Design Consultation',
    excerpt: 'A one-hour service.',
    productType: 3,
    variants: [{ sku: 'CONSULT', priceCents: 12000, qtyInStock: 10 }],
  },
  {
    slug: 'gift-card',
    title: 'Gift Card',
    excerpt: 'Choose a denomination.',
    productType: 4,
    variantOptionOrdering: ['Amount'],
    variants: [
      { sku: 'GIFT-25', options: [{ optionName: 'Amount', value: '$25.00' }], priceCents: 2500, unlimited: true },
      { sku: 'GIFT-50', options: [{ optionName: 'Amount', value: '$50.00' }], priceCents: 5000, unlimited: true },
      { sku: 'GIFT-100', options: [{ optionName: 'Amount', value: '$100.00' }], priceCents: 10000, unlimited: true },
    ],
  },
  {
    slug: 'coffee-subscription',
    title: 'Coffee Subscription',
    excerpt: 'A bag of beans every month.',
    productType: 1,
    isSubscribable: true,
    subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
    variants: [{ sku: 'COFFEE-MONTHLY', priceCents: 1800, unlimited: true }],
  },
  {
    slug: 'wool-blanket',
    title: 'Wool Blanket',
    excerpt: 'Priced inside the installment range.',
    productType: 1,
    variants: [{ sku: 'BLANKET', priceCents: 12000, qtyInStock: 20 }],
  },
  {
    slug: 'leather-armchair',
    title: 'Leather Armchair',
    excerpt: 'Priced above the installment range.',
    productType: 1,
    variants: [{ sku: 'ARMCHAIR', priceCents: 145000, qtyInStock: 3 }],
  },
];
