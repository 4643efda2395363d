import type { OwnerProductJson } from '@vitrine/contracts';

/** The Linen Shirt as the owner API answers it (tests only). */
export const SHIRT: OwnerProductJson = {
  id: 'p1', storeId: 's1', productType: 1, title: 'Linen Shirt', urlId: 'linen-shirt', fullUrl: '/shop/p/linen-shirt', excerpt: 'Light.', body: '<p>Linen.</p>',
  onSale: false, variantOptionOrdering: ['Size', 'Color'],
  variants: [
    { id: 'v1', sku: 'LS-S-WHITE', optionValues: [{ optionName: 'Size', value: 'S' }, { optionName: 'Color', value: 'White' }], priceCents: 4500, salePriceCents: 0, onSale: false, qtyInStock: 5, unlimited: false, imageIds: ['i1'], weightGrams: 250 },
    { id: 'v2', sku: 'LS-M-WHITE', optionValues: [{ optionName: 'Size', value: 'M' }, { optionName: 'Color', value: 'White' }], priceCents: 4500, salePriceCents: 3900, onSale: true, qtyInStock: 7, unlimited: false, imageIds: [], weightGrams: null },
  ],
  isSubscribable: false, subscriptionPlan: null, additionalFieldsForm: null, useCustomAddButtonText: false, customAddButtonText: '',
  merchandising: { scarcityEnabled: true, restockNotificationViews: [] }, tags: ['linen', 'summer'], categories: ['Shirts'],
  images: [{ id: 'i1', assetUrl: '/images/i1/white.png', altText: 'White shirt', title: '', body: '', filename: 'white.png', originalSize: '800x800' }],
  archivedAt: null,
  seoTitle: '', seoDescription: '', seoImageId: null, seoImageUrl: null,
};
