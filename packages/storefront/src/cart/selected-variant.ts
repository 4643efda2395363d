import { createProductSelectionStore, useProductSelection } from './product-selection';

/**
 * The sku of the variant a shopper has fully chosen, by product id: the product form publishes it and
 * the price line (ProductPrice) reads it, so the price follows the choice.
 */
export const selectedVariantStore = createProductSelectionStore<string>();

export const useSelectedSku = (productId: string | undefined): string | undefined => useProductSelection(selectedVariantStore, productId);
