/** The catalog domain: collections, products, variants and their stock; the demo store. */
export {
  findCollectionByUrlId, findProductBySlug, listCollectionItems, loadProductItem, loadProductRows, loadedProductOf, productJsonSelect, productRowsOf,
  type CollectionWithSeoImage, type LoadedProduct, type ProductJsonValue,
} from './queries';
export { productItemJson, variantJson, productImageJson, ruleProductOf, type ProductItemJson, type VariantJson, type ProductImageJson } from './product-item';
export { searchProducts, SEARCH_MAX_PAGE, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX_LENGTH, type HighlightSegment, type SearchResultItem, type SearchResults } from './search';
export { listRelatedProducts, RELATED_PRODUCTS_LIMIT } from './related';
export { moneyJson, minorUnitsToDecimalString, type MoneyJson } from './money';
export { listStock, takeStock, returnStock, type StockRecord, type StockReturn, type StockTake } from './stock';
export { seedDemoStore, demoImageId, writeDemoStore, writeEmptyStore } from './seed';
export { DEMO_ASSET_PREFIX, DEMO_COLLECTION, DEMO_PRODUCTS, DEMO_WEBSITE, demoAssetsDir } from './demo-store';
export { registerOwnerCatalogRoutes } from './owner-routes';
export { refreshProductImageTexts, type ImageTextChange } from './image-copies';
