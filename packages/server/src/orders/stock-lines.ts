import type { StockReturn } from '../catalog';

/**
 * The stock order lines give back (cancelled, failed, returned): a line whose product was deleted for good
 * (its variant_id NULL, migration 059) has no stock to go back to, and gives back none.
 */
export function stockLinesOf(lines: readonly { variant_id: string | null; quantity: number }[]): StockReturn[] {
  return lines.flatMap((line) => (line.variant_id === null ? [] : [{ variantId: line.variant_id, quantity: line.quantity }]));
}
