import { createProductSelectionStore, useProductSelection } from './product-selection';

/**
 * The price of the variant a shopper has chosen, by product id: the product form publishes it and the
 * installment pill reads it, so the pill's range follows the selection.
 */
export const selectedPriceStore = createProductSelectionStore<number>();

export const useSelectedPrice = (productId: string | undefined): number | undefined => useProductSelection(selectedPriceStore, productId);
