// A 100-product store grid: the shape our storefront's product list renders, with hostile-looking text.

/**
 * The default theme's store page and product card (packages/theme: collection.html + product-card.block), with
 * the server-only price-tag formatter replaced by the template's own price formatters.
 */
export const STORE_GRID_TEMPLATE = `<section class="store">
  <h1>{collection.title|htmltag}</h1>
  {.section collection.description}<div class="collection-description">{@|htmltag}</div>{.end}
  {.section items}
  <ul class="product-grid">
    {.repeated section @}<li class="product-card">
  <a class="product-card-link" href="{fullUrl|htmlattr}">
    <div class="product-card-image">
      {.section mainImage}<img src="{assetUrl|htmlattr}?format=500w" srcset="{assetUrl|htmlattr}?format=100w 100w, {assetUrl|htmlattr}?format=300w 300w, {assetUrl|htmlattr}?format=500w 500w, {assetUrl|htmlattr}?format=750w 750w, {assetUrl|htmlattr}?format=1000w 1000w, {assetUrl|htmlattr}?format=1500w 1500w, {assetUrl|htmlattr}?format=2500w 2500w" sizes="(max-width: 600px) 50vw, 25vw" alt="{altText|htmlattr}" width="500" height="500" loading="lazy" decoding="async">{.or}<div class="image-placeholder" aria-hidden="true"></div>{.end}
      {@|product-status}
    </div>
    <h2 class="product-card-title">{title|htmltag}</h2>
    <p class="price-tag">{.varied-prices?}from {@|from-price}{.or}{@|normal-price}{.end}{.on-sale?} <s>{@|normal-price}</s> {@|sale-price}{.end}</p>
    {.if excerpt}<p class="product-card-excerpt">{excerpt|safe|truncate 80}</p>{.end}
  </a>
  {@|product-quick-view}
</li>{.end}
  </ul>
  {.or}
  <p>No products yet.</p>
  {.end}
</section>`;

export function storeGridContext(count = 100): unknown {
  const items = [];
  for (let i = 0; i < count; i++) {
    const variants = [];
    const variantCount = 1 + (i % 3);
    for (let v = 0; v < variantCount; v++) {
      const price = 1000 + i * 37 + v * 250;
      const onSale = i % 5 === 0 && v === 0;
      variants.push({
        id: `var-${i}-${v}`,
        sku: `SQ${String(i * 10 + v).padStart(7, '0')}`,
        attributes: { Size: ['S', 'M', 'L'][v] },
        optionValues: [{ optionName: 'Size', value: ['S', 'M', 'L'][v] }],
        price,
        salePrice: onSale ? price - 200 : 0,
        onSale,
        priceMoney: { currency: 'USD', value: (price / 100).toFixed(2) },
        salePriceMoney: { currency: 'USD', value: ((onSale ? price - 200 : 0) / 100).toFixed(2) },
        qtyInStock: i % 7 === 0 ? 0 : 5 + v,
        unlimited: i % 4 === 0,
      });
    }
    items.push({
      id: `item-${i}`,
      collectionId: 'collection-1',
      title: i % 10 === 0 ? `<script>alert("${i}")</script> Mug & Co` : `Stoneware mug no. ${i}`,
      urlId: `mug-${i}`,
      fullUrl: `/shop/p/mug-${i}`,
      recordType: 11,
      recordTypeLabel: 'store-item',
      assetUrl: `https://images.example.com/mug-${i}.jpg`,
      mainImageId: `img-${i}`,
      mainImage: i % 9 === 0 ? undefined : { assetUrl: `https://images.example.com/mug-${i}.jpg`, altText: i % 10 === 0 ? `"><script>x</script>` : `Mug ${i}` },
      originalSize: '1200x1200',
      mediaFocalPoint: { x: 0.5, y: 0.4 },
      excerpt: i % 2 === 0 ? `<p>A sturdy mug, glazed by hand in small batches. Dishwasher safe; holds 350 ml. Batch ${i}.</p>` : '',
      tags: i % 3 === 0 ? ['mugs', 'kitchen', `batch-${i}`] : ['mugs'],
      categories: ['Kitchen'],
      structuredContent: { productType: 1, variants, isSubscribable: false, variantOptionOrdering: ['Size'] },
    });
  }
  return { collection: { id: 'collection-1', title: 'Shop <all>', description: 'Hand-made & glazed' }, items };
}
