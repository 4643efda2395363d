import { QuantityStepper } from '../ui/QuantityStepper';
import { visuallyHidden } from '../ui/styles';
import { useEffect, useId, useRef, useState } from 'react';
import {
  cartInstallmentWording,
  CART_MESSAGES,
  isBelowMinimumSubtotal,
  minimumSubtotalMessage,
  parseQuantity,
  type CartEntry,
  type InstallmentContext,
} from '@vitrine/commerce';
import { imageUrlAtWidth } from '@vitrine/format';
import { FORM_MESSAGES } from '@vitrine/forms/messages';
import { removeCartEntry, updateEntryAdditionalFields, updateEntryQuantity } from '../api/commerce';
import { ApiError } from '../api/http';
import { withRecalculation } from '../cart/events';
import { cartStore, useCart } from '../cart/store';
import type { AdditionalFieldsForm as AdditionalFieldsFormData, ShoppingCart, StoreLocale } from '../types';
import { readAdditionalFieldsForm } from '../ui/additional-fields';
import { AdditionalFieldsForm, preloadAdditionalFieldsForm } from '../forms/lazy';
import { LiveRegion } from '../ui/LiveRegion';
import { Modal } from '../ui/Modal';
import { formatCents } from '../ui/money';
import type { IslandMessages } from './messages';
import { dispatchCartLineChange, dispatchShopperEvent, SHOPPER_EVENTS, viewCartDetail } from '../shopper-events';

export interface CartPageProps extends StoreLocale {
  cart?: ShoppingCart | null;
  /** The store's minimum order subtotal in minor units, when it sets one. */
  minimumSubtotalCents?: number | null;
  /** Additional-fields forms by product item id, for editing entries. */
  forms?: Record<string, AdditionalFieldsFormData | unknown>;
  /** The store's installment settings, for the whole-cart line under the subtotal. */
  installments?: InstallmentContext;
  /** Where the empty cart's 'Continue shopping' link goes. Default '/shop'. */
  shopUrl?: string;
  /** The checkout page the 'Check out' link opens. Default '/checkout'. */
  checkoutUrl?: string;
  /** The cart's messages in the visitor's language; absent: English. */
  messages?: IslandMessages<'cart' | 'form'>;
}

interface Failure {
  title: string;
  message: string;
}

function messageOf(caught: unknown, tryAgain: string): string {
  return caught instanceof ApiError ? caught.message : tryAgain;
}

/**
 * The /cart page: entries with quantity, remove and form editing, the subtotal, and the way to checkout. Its root
 * carries `data-ready` once this code runs in the browser (it is a chunk of its own: see CartPage.tsx).
 */
export function CartPageView({
  cart: initialCart,
  minimumSubtotalCents,
  forms = {},
  installments,
  shopUrl = '/shop',
  checkoutUrl = '/checkout',
  currency = 'USD',
  locale = 'en-US',
  messages,
}: CartPageProps) {
  const cartMessages = messages?.cart ?? CART_MESSAGES;
  const formMessages = messages?.form ?? FORM_MESSAGES;
  const cart = useCart(initialCart);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<CartEntry | null>(null);
  const [busyEntry, setBusyEntry] = useState<string | null>(null);
  /** The server's errors for the form being edited, keyed by field id (shown on its fields). */
  const [formErrors, setFormErrors] = useState<Record<string, string>>({});
  const minimumNoteId = useId();
  // False in the server's HTML and the first browser render (they must match), true once live.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const money = (cents: number) => formatCents(cents, cart?.currency ?? currency, locale);
  // The cart page was viewed (for the tracking client), with the cart it opened with.
  useEffect(() => {
    dispatchShopperEvent(SHOPPER_EVENTS.viewCart, viewCartDetail(cart, currency));
  }, []);
  /** Units added or removed here, told to the tracking client as add-to-cart or remove-from-cart. */
  const tellChange = (entry: CartEntry, quantityChange: number) => dispatchCartLineChange(entry, quantityChange, cart?.currency ?? currency, 'cart-page');
  /** The entry's form opened, closed or was submitted (the legacy tracker's cart-page product form events). */
  const tellForm = (action: 'open' | 'close' | 'submit', entry: CartEntry) => dispatchShopperEvent(SHOPPER_EVENTS.cartPageForm, { action, itemId: entry.itemId });

  const run = async (
    entryId: string,
    title: string,
    action: () => Promise<{ shoppingCart: ShoppingCart }>,
    onFieldErrors?: (errors: Record<string, string>) => void,
  ) => {
    setBusyEntry(entryId);
    try {
      const { shoppingCart } = await action();
      cartStore.setCart(shoppingCart);
      return true;
    } catch (caught) {
      if (onFieldErrors && caught instanceof ApiError && Object.keys(caught.fieldErrors).length > 0) {
        onFieldErrors(caught.fieldErrors);
        return false;
      }
      const message = messageOf(caught, cartMessages.tryAgain);
      setFailure({ title, message });
      setStatus(`${title}. ${message}`);
      return false;
    } finally {
      setBusyEntry(null);
    }
  };

  /** Resolves true when the cart now holds `text`; false when the change was refused (here or by the server). */
  const changeQuantity = async (entry: CartEntry, text: string): Promise<boolean> => {
    const parsed = parseQuantity(text);
    if (!parsed.ok) {
      setFailure({ title: cartMessages.updateQuantityFailed, message: parsed.message });
      setStatus(`${cartMessages.updateQuantityFailed}. ${parsed.message}`);
      return false;
    }
    if (parsed.quantity === entry.quantity) return true;
    const changed = await run(entry.id, cartMessages.updateQuantityFailed, () => updateEntryQuantity(entry.id, parsed.quantity));
    if (changed) tellChange(entry, parsed.quantity - entry.quantity);
    return changed;
  };

  const remove = (entry: CartEntry) =>
    void run(entry.id, cartMessages.removeFailed, () => removeCartEntry(entry.id)).then((removed) => removed && tellChange(entry, -entry.quantity));

  const edit = (entry: CartEntry) => {
    if (!readAdditionalFieldsForm(forms[entry.itemId])) {
      setFailure({ title: cartMessages.openFormFailed, message: cartMessages.tryAgain });
      return;
    }
    setFormErrors({});
    // The form's code comes first (its own chunk), so the modal opens with the form in it.
    preloadAdditionalFieldsForm().then(
      () => {
        setEditing(entry);
        tellForm('open', entry);
      },
      () => setFailure({ title: cartMessages.openFormFailed, message: cartMessages.tryAgain }),
    );
  };

  const saveForm = async (entry: CartEntry, additionalFields: string) => {
    const saved = await run(entry.id, cartMessages.updateFormFailed, () =>
      withRecalculation('form-data', () =>
        updateEntryAdditionalFields(entry.id, { itemId: entry.itemId, sku: entry.chosenVariant.sku, additionalFields }),
      ),
      setFormErrors,
    );
    if (saved) {
      setEditing(null);
      tellForm('submit', entry);
    }
  };

  const entries = cart?.entries ?? [];
  const editingForm = editing ? readAdditionalFieldsForm(forms[editing.itemId]) : null;
  const subtotalCents = cart?.subtotalCents ?? 0;
  const belowMinimum = isBelowMinimumSubtotal(subtotalCents, minimumSubtotalCents);

  const installmentLine = installments
    ? cartInstallmentWording({ entries, subtotalCents, context: installments, formatPrice: money })
    : null;

  return (
    // The page around it (the theme) carries the heading.
    <div className="vitrine-cart" aria-busy={busyEntry !== null || undefined} data-ready={ready ? 'true' : undefined}>
      {entries.length === 0 ? (
        <div className="vitrine-cart-empty">
          <p>{cartMessages.empty}</p>
          <a className="vitrine-cart-continue" href={shopUrl}>
            Continue shopping
          </a>
        </div>
      ) : (
        <>
          <div className="vitrine-cart-head" aria-hidden="true">
            <span>Product</span>
            <span>Quantity</span>
            <span>Total</span>
          </div>
          <ul className="vitrine-cart-entries">
            {entries.map((entry) => (
              <CartEntryRow
                key={entry.id}
                entry={entry}
                busy={busyEntry === entry.id}
                locked={busyEntry !== null}
                money={money}
                canEdit={entry.additionalFields !== null && forms[entry.itemId] !== undefined}
                onQuantity={(text) => changeQuantity(entry, text)}
                onRemove={() => remove(entry)}
                onEdit={() => edit(entry)}
              />
            ))}
          </ul>
          <div className="vitrine-cart-summary">
            <p className="vitrine-cart-subtotal">
              <span>Subtotal</span> <span>{money(subtotalCents)}</span>
            </p>
            {installmentLine ? <p className="vitrine-cart-installments">{installmentLine}</p> : null}
            <AutomaticDiscountLines cart={cart} money={money} />
            {belowMinimum ? (
              <p className="vitrine-cart-minimum" id={minimumNoteId} role="note">
                {minimumSubtotalMessage(money(minimumSubtotalCents ?? 0))}
              </p>
            ) : null}
            <CheckoutLink href={checkoutUrl} refusedBy={belowMinimum ? minimumNoteId : null} waiting={busyEntry !== null} />
          </div>
        </>
      )}
      <LiveRegion message={status} />
      {editing && editingForm ? (
        <Modal
          title={editingForm.name ?? editing.title}
          onClose={() => {
            setEditing(null);
            tellForm('close', editing);
          }}
        >
          <AdditionalFieldsForm
            form={editingForm}
            savedAdditionalFields={editing.additionalFields}
            submitLabel="Save"
            busy={busyEntry === editing.id}
            busyLabel={formMessages.saving}
            serverErrors={formErrors}
            onSubmit={(fields) => void saveForm(editing, fields)}
          />
        </Modal>
      ) : null}
      {failure ? (
        <Modal role="alertdialog" title={failure.title} onClose={() => setFailure(null)}>
          <p className="vitrine-error-message">{failure.message}</p>
          <button type="button" onClick={() => setFailure(null)}>
            OK
          </button>
        </Modal>
      ) : null}
    </div>
  );
}

/**
 * The automatic discounts the cart gets (each with what it takes off; free shipping says so) and the nudge towards
 * free shipping, worded and formatted by the server ("Add $12.00 for free shipping") so the page reads the same
 * with and without JavaScript.
 */
export function AutomaticDiscountLines({ cart, money }: { cart: ShoppingCart | null | undefined; money: (cents: number) => string }) {
  const applied = cart?.automaticDiscounts ?? [];
  const nudge = cart?.freeShippingNudge ?? null;
  if (applied.length === 0 && !nudge) return null;
  return (
    <>
      {applied.length > 0 ? (
        <ul className="vitrine-cart-discounts" aria-label="Automatic discounts">
          {applied.map((discount) => (
            <li key={discount.id} className="vitrine-cart-discount">
              <span>{discount.title}</span>{' '}
              <span>{discount.kind === 'free-shipping' ? 'Free shipping' : `−${money(discount.discountCents)}`}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {nudge ? <p className="vitrine-cart-nudge">{nudge}</p> : null}
    </>
  );
}

interface CheckoutLinkProps {
  href: string;
  /** The id of the note saying why checkout is refused (below the minimum subtotal), or null. */
  refusedBy: string | null;
  /** A change to the cart is being saved: the checkout would open on the cart before it. */
  waiting: boolean;
}

/**
 * 'Check out': a link to the checkout page, which asks for the email, address, shipping and payment (as the cart
 * of Shopify's Dawn does). A link cannot be disabled, so a refused or not-yet-possible checkout is a disabled
 * button of the same name, tied to the note that says why.
 */
function CheckoutLink({ href, refusedBy, waiting }: CheckoutLinkProps) {
  if (refusedBy !== null || waiting) {
    return (
      <button type="button" className="vitrine-cart-checkout" disabled aria-describedby={refusedBy ?? undefined}>
        Check out
      </button>
    );
  }
  return (
    <a className="vitrine-cart-checkout" href={href}>
      Check out
    </a>
  );
}

interface CartEntryRowProps {
  entry: CartEntry;
  /** This row's change is being saved. */
  busy: boolean;
  /** Some row's change is being saved: nothing else is sent meanwhile. */
  locked: boolean;
  canEdit: boolean;
  money: (cents: number) => string;
  onQuantity: (text: string) => Promise<boolean>;
  onRemove: () => void;
  onEdit: () => void;
}

function CartEntryRow({ entry, busy, locked, canEdit, money, onQuantity, onRemove, onEdit }: CartEntryRowProps) {
  const [text, setText] = useState(String(entry.quantity));
  const [shown, setShown] = useState(entry.quantity);
  // A new quantity from the server (after an update elsewhere) replaces what was typed.
  if (shown !== entry.quantity) {
    setShown(entry.quantity);
    setText(String(entry.quantity));
  }
  const held = useRef(entry.quantity);
  held.current = entry.quantity;
  const attributes = Object.entries(entry.chosenVariant.attributes ?? {});
  // The text last sent: Enter then blur (or a failed change, then blur) must not send it twice.
  const submitted = useRef<string | null>(null);
  const send = async (value: string) => {
    submitted.current = value;
    const ok = await onQuantity(value);
    // Refused (0, empty, beyond stock, offline): the box shows again what the cart holds.
    if (!ok) setText(String(held.current));
  };
  const commit = () => {
    if (locked || text === String(entry.quantity) || text === submitted.current) return;
    void send(text);
  };
  return (
    <li className="vitrine-cart-entry" aria-busy={busy || undefined}>
      {entry.imageUrl ? (
        // Decorative: the title next to it names the product.
        <img className="vitrine-cart-entry-image" src={imageUrlAtWidth(entry.imageUrl, 100)} alt="" width={80} height={80} loading="lazy" />
      ) : (
        <span className="vitrine-cart-entry-image" aria-hidden="true" />
      )}
      <div className="vitrine-cart-entry-info">
        {entry.url ? <a className="vitrine-cart-entry-title" href={entry.url}>{entry.title}</a> : <span className="vitrine-cart-entry-title">{entry.title}</span>}
        {attributes.length > 0 ? (
          <span className="vitrine-cart-entry-variant">{attributes.map(([name, value]) => `${name}: ${value}`).join(', ')}</span>
        ) : null}
        <span className="vitrine-cart-entry-price">{money(entry.purchasePriceCents)}</span>
      </div>
      <div className="vitrine-cart-entry-quantity">
        <QuantityStepper
          label={`Quantity of ${entry.title}`}
          showLabel={false}
          of={entry.title}
          value={text}
          disabled={locked}
          // Read-only rather than disabled while saving: disabling would drop focus (and fire blur).
          readOnly={locked}
          onValue={(value, via) => {
            submitted.current = null;
            setText(value);
            if (via === 'step' && !locked) void send(value);
          }}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
        />
        <div className="vitrine-cart-entry-actions">
          {canEdit ? (
            <button type="button" className="vitrine-link-button" onClick={onEdit} disabled={locked}>
              Edit details<span style={visuallyHidden}> of {entry.title}</span>
            </button>
          ) : null}
          <button type="button" className="vitrine-link-button" onClick={onRemove} disabled={locked}>
            Remove<span style={visuallyHidden}> {entry.title}</span>
          </button>
        </div>
      </div>
      <span className="vitrine-cart-entry-subtotal">{money(entry.subTotal)}</span>
    </li>
  );
}
