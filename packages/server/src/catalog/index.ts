/** The catalog domain: collections, products, variants and their stock; the demo store. */
export {
  findCollectionByUrlId, findProductBySlug, listCollectionItems, listCollectionItemsByIds, loadProductItem, loadProductRows, loadedProductOf, productJsonSelect, productRowsOf,
  type CollectionWithSeoImage, type LoadedProduct, type ProductJsonValue,
} from './queries';
export { productItemJson, variantJson, productImageJson, ruleProductOf, type ProductItemJson, type VariantJson, type ProductImageJson } from './product-item';
export { searchProducts, emptyFacets, SEARCH_MAX_PAGE, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX_LENGTH, type HighlightSegment, type SearchResultItem, type SearchResults, type SearchOptions } from './search';
export { filterProducts, type FacetAnswer, type FacetRequest, type OptionFacet, type OptionFacetValue, type ShopFacets, type TagFacet } from './facets';
export {
  FILTER_LIMITS, FILTER_MESSAGES, SHOP_SORTS, defaultSortOf, hasActiveFilters, optionParamOf, parseShopFilters,
  type ParsedShopFilters, type ShopFilters, type ShopScope, type ShopSort,
} from './filters';
export { listRelatedProducts, RELATED_PRODUCTS_LIMIT } from './related';
export { moneyJson, minorUnitsToDecimalString, type MoneyJson } from './money';
export { listStock, takeStock, returnStock, type StockRecord, type StockReturn, type StockTake } from './stock';
export { seedDemoStore, demoImageId, writeDemoStore, writeEmptyStore } from './seed';
export { DEMO_ASSET_PREFIX, DEMO_COLLECTION, DEMO_PRODUCTS, DEMO_WEBSITE, demoAssetsDir } from './demo-store';
export { registerOwnerCatalogRoutes } from './owner-routes';
export { refreshProductImageTexts, type ImageTextChange } from './image-copies';
export { catalogPictureUser } from './picture-uses';
