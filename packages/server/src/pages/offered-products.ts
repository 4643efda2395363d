import type { Kysely } from 'kysely';
import { ProductType } from '@vitrine/commerce/types';
import { ProductType as PlatformProductType } from '@vitrine/format';
import type { Database, Website } from '../db/schema';
import { isFeatureOn } from '../experiments';

/**
 * What the website offers its shoppers (issue 19 item 1): with the gift cards feature flag (40) off, gift card
 * products are hidden from every storefront page — store grids, the product page, related products, summaries,
 * search and the sitemap — as their calls are refused. The owner still sees them in the owner app.
 */
type Shown = { structuredContent: { productType: number } };

export async function offeredProducts<T extends Shown>(db: Kysely<Database>, website: Website, items: T[]): Promise<T[]> {
  // PAYWALL products (issue 20, members/) are sold only through a member area's join button: never listed.
  const sold = items.filter((item) => item.structuredContent.productType !== PlatformProductType.PAYWALL);
  if (await isFeatureOn(db, website.id, 'giftCards')) return sold;
  return sold.filter((item) => item.structuredContent.productType !== ProductType.GIFT_CARD);
}

export async function isOffered(db: Kysely<Database>, website: Website, item: Shown): Promise<boolean> {
  return (await offeredProducts(db, website, [item])).length === 1;
}

/**
 * The product types the website lists nowhere, by the same rule as offeredProducts: the shop's facet statement
 * (catalog/facets.ts) leaves them out in SQL, so its counts are the counts of what the page shows.
 */
export async function hiddenProductTypes(db: Kysely<Database>, website: Website): Promise<number[]> {
  const hidden: number[] = [PlatformProductType.PAYWALL];
  if (!(await isFeatureOn(db, website.id, 'giftCards'))) hidden.push(ProductType.GIFT_CARD);
  return hidden;
}
