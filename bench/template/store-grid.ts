// A 100-product store grid: the shape our storefront's product list renders, with hostile-looking text.

export const STORE_GRID_TEMPLATE = `<section class="ProductList" data-collection-id="{collection.id}">
<h1 class="ProductList-title">{collection.title|htmltag}</h1>
<div class="ProductList-grid">
{.repeated section items}<article class="ProductList-item {@|item-classes}" data-item-id="{id}">
  <a href="{fullUrl|htmlattr}" class="ProductList-item-link">
    {.main-image?}<img {@|image-meta} class="ProductList-image" />{.end}
    <h2 class="ProductList-title">{title|html}</h2>
    {.section structuredContent}{.section variants.0}<span class="sku">{sku}</span>{.end}{.end}
    {@|product-status}
    <div class="ProductList-price">{.varied-prices?}from {@|from-price}{.or}{@|normal-price}{.end}{.on-sale?} <s>{@|normal-price}</s> {@|sale-price}{.end}</div>
    {.if excerpt}<p class="ProductList-excerpt">{excerpt|safe|truncate 80}</p>{.end}
    {.repeated section tags}<span class="tag">{@|html}</span>{.alternates with}, {.end}
    <span class="index">{@index} of {items|count}</span>
  </a>
</article>{.alternates with}
{.end}
</div>
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
      originalSize: '1200x1200',
      mediaFocalPoint: { x: 0.5, y: 0.4 },
      excerpt: i % 2 === 0 ? `<p>A sturdy mug, glazed by hand in small batches. Dishwasher safe; holds 350 ml. Batch ${i}.</p>` : '',
      tags: i % 3 === 0 ? ['mugs', 'kitchen', `batch-${i}`] : ['mugs'],
      categories: ['Kitchen'],
      structuredContent: { productType: 1, variants, isSubscribable: false, variantOptionOrdering: ['Size'] },
    });
  }
  return { collection: { id: 'collection-1', title: 'Shop <all>' }, items };
}
