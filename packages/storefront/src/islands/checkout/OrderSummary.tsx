import { useId, useState, type ReactNode } from 'react';
import { imageUrlAtWidth } from '@vitrine/format';
import type { ShoppingCart } from '@vitrine/commerce/cart';

export interface OrderSummaryProps {
  cart: ShoppingCart;
  money: (cents: number) => string;
  currency: string;
  /** Prices include tax: the tax is said under the total ('Including $1.20 in taxes'), not added as a row. */
  pricesIncludeTax: boolean;
  /** The discount code field, under the lines. */
  codes: ReactNode;
}

export const SUMMARY_TEXT = {
  heading: 'Order summary',
  show: 'Show order summary',
  hide: 'Hide order summary',
  calculatedLater: 'Calculated at next step',
  free: 'Free',
} as const;

/** What the shopper pays for what is left to pay: the grand total less the gift cards. */
export function amountDueOf(cart: ShoppingCart): number {
  return cart.amountDueCents ?? cart.grandTotalCents;
}

/** The totals the summary lists, in order, as [label, value] (pure: tested as a table). */
export function summaryRows(cart: ShoppingCart, money: (cents: number) => string, pricesIncludeTax: boolean): [string, string][] {
  const rows: [string, string][] = [['Subtotal', money(cart.subtotalCents)]];
  if (cart.discountCents > 0) rows.push(['Discount', `−${money(cart.discountCents)}`]);
  if (cart.requiresShipping) {
    const shipping = cart.selectedShippingOption ? (cart.shippingCostCents === 0 ? SUMMARY_TEXT.free : money(cart.shippingCostCents)) : SUMMARY_TEXT.calculatedLater;
    rows.push(['Shipping', shipping]);
  }
  if (!pricesIncludeTax) {
    if (cart.requiresShipping && !cart.shippingLocation) rows.push(['Tax', SUMMARY_TEXT.calculatedLater]);
    else if (cart.taxCents > 0 || cart.applicableTaxRules.length > 0) rows.push(['Tax', money(cart.taxCents)]);
  }
  const giftCardCents = (cart.giftCards ?? []).reduce((sum, card) => sum + card.appliedCents, 0);
  if (giftCardCents > 0) rows.push(['Gift card', `−${money(giftCardCents)}`]);
  return rows;
}

/**
 * The order summary: the lines (picture, title, variant, quantity, line total), every total and the code field.
 * On a phone it sits above the form, folded behind 'Show order summary · $total' (the theme's CSS shows it
 * unfolded beside the form on wider screens and hides the toggle).
 */
export function OrderSummary({ cart, money, currency, pricesIncludeTax, codes }: OrderSummaryProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const due = money(amountDueOf(cart));
  return (
    <aside className={`vitrine-checkout-summary${open ? ' vitrine-checkout-summary--open' : ''}`} aria-labelledby={`${id}-heading`}>
      <button type="button" className="vitrine-summary-toggle" aria-expanded={open} aria-controls={`${id}-content`} onClick={() => setOpen(!open)}>
        <span>{open ? SUMMARY_TEXT.hide : SUMMARY_TEXT.show}</span>
        <span aria-hidden="true"> · </span>
        <strong>{due}</strong>
      </button>
      <div id={`${id}-content`} className="vitrine-summary-content">
        <h2 id={`${id}-heading`} className="vitrine-checkout-heading">
          {SUMMARY_TEXT.heading}
        </h2>
        <ul className="vitrine-summary-lines">
          {cart.entries.map((entry) => {
            const attributes = Object.entries(entry.chosenVariant.attributes ?? {});
            return (
              <li key={entry.id} className="vitrine-summary-line">
                <span className="vitrine-summary-line-image">
                  {entry.imageUrl ? <img src={imageUrlAtWidth(entry.imageUrl, 100)} alt="" width={64} height={64} loading="lazy" /> : null}
                  <span className="vitrine-summary-line-quantity" aria-hidden="true">
                    {entry.quantity}
                  </span>
                </span>
                <span className="vitrine-summary-line-text">
                  <span className="vitrine-summary-line-title">{entry.title}</span>
                  <span className="visually-hidden">Quantity: {entry.quantity}</span>
                  {attributes.length > 0 ? (
                    <span className="vitrine-summary-line-variant">{attributes.map(([name, value]) => `${name}: ${value}`).join(', ')}</span>
                  ) : null}
                </span>
                <span className="vitrine-summary-line-total">{money(entry.subTotal)}</span>
              </li>
            );
          })}
        </ul>
        {codes}
        <dl className="vitrine-summary-totals">
          {summaryRows(cart, money, pricesIncludeTax).map(([label, value]) => (
            <div key={label} className="vitrine-summary-row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          <div className="vitrine-summary-row vitrine-summary-total">
            <dt>Total</dt>
            <dd>
              <span className="vitrine-summary-currency">{currency}</span> <strong>{due}</strong>
            </dd>
          </div>
        </dl>
        {pricesIncludeTax && cart.taxCents > 0 ? <p className="vitrine-summary-tax-note">Including {money(cart.taxCents)} in taxes</p> : null}
      </div>
    </aside>
  );
}
