import { QuantityInput } from '../ui/QuantityInput';
import { visuallyHidden } from '../ui/styles';
import { useRef, useState } from 'react';
import {
  CART_MESSAGES,
  isBelowMinimumSubtotal,
  minimumSubtotalMessage,
  parseQuantity,
  type CartEntry,
} from '@vitrine/commerce';
import { imageUrlAtWidth } from '@vitrine/format';
import { removeCartEntry, updateEntryAdditionalFields, updateEntryQuantity } from '../api/commerce';
import { ApiError } from '../api/http';
import { cartStore, useCart } from '../cart/store';
import type { AdditionalFieldsForm, ShoppingCart, StoreLocale } from '../types';
import { parseAdditionalFields, readAdditionalFieldsForm } from '../ui/additional-fields';
import { AdditionalFieldsFormView } from '../ui/AdditionalFieldsFormView';
import { LiveRegion } from '../ui/LiveRegion';
import { Modal } from '../ui/Modal';
import { formatCents } from '../ui/money';
import { CheckoutForm } from './CheckoutForm';

export interface CartPageProps extends StoreLocale {
  cart?: ShoppingCart | null;
  /** The store's minimum order subtotal in minor units, when it sets one. */
  minimumSubtotalCents?: number | null;
  /** Additional-fields forms by product item id, for editing entries. */
  forms?: Record<string, AdditionalFieldsForm | unknown>;
}

interface Failure {
  title: string;
  message: string;
}

function messageOf(caught: unknown): string {
  return caught instanceof ApiError ? caught.message : CART_MESSAGES.tryAgain;
}

/** The /cart page: entries with quantity, remove and form editing, the subtotal, and checkout. */
export function CartPage({ cart: initialCart, minimumSubtotalCents, forms = {}, currency = 'USD', locale = 'en-US' }: CartPageProps) {
  const cart = useCart(initialCart);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<CartEntry | null>(null);
  const [busyEntry, setBusyEntry] = useState<string | null>(null);
  const money = (cents: number) => formatCents(cents, cart?.currency ?? currency, locale);

  const run = async (entryId: string, title: string, action: () => Promise<{ shoppingCart: ShoppingCart }>) => {
    setBusyEntry(entryId);
    try {
      const { shoppingCart } = await action();
      cartStore.setCart(shoppingCart);
      return true;
    } catch (caught) {
      const message = messageOf(caught);
      setFailure({ title, message });
      setStatus(`${title}. ${message}`);
      return false;
    } finally {
      setBusyEntry(null);
    }
  };

  const changeQuantity = (entry: CartEntry, text: string) => {
    const parsed = parseQuantity(text);
    if (!parsed.ok) {
      setFailure({ title: CART_MESSAGES.updateQuantityFailed, message: parsed.message });
      setStatus(`${CART_MESSAGES.updateQuantityFailed}. ${parsed.message}`);
      return;
    }
    if (parsed.quantity === entry.quantity) return;
    void run(entry.id, CART_MESSAGES.updateQuantityFailed, () => updateEntryQuantity(entry.id, parsed.quantity));
  };

  const remove = (entry: CartEntry) =>
    void run(entry.id, CART_MESSAGES.removeFailed, () => removeCartEntry(entry.id));

  const edit = (entry: CartEntry) => {
    if (!readAdditionalFieldsForm(forms[entry.itemId])) {
      setFailure({ title: CART_MESSAGES.openFormFailed, message: CART_MESSAGES.tryAgain });
      return;
    }
    setEditing(entry);
  };

  const saveForm = async (entry: CartEntry, additionalFields: string) => {
    const saved = await run(entry.id, CART_MESSAGES.updateFormFailed, () =>
      updateEntryAdditionalFields(entry.id, { itemId: entry.itemId, sku: entry.chosenVariant.sku, additionalFields }),
    );
    if (saved) setEditing(null);
  };

  const entries = cart?.entries ?? [];
  const editingForm = editing ? readAdditionalFieldsForm(forms[editing.itemId]) : null;
  const subtotalCents = cart?.subtotalCents ?? 0;
  const belowMinimum = isBelowMinimumSubtotal(subtotalCents, minimumSubtotalCents);

  return (
    // The page around it (the theme) carries the heading.
    <div className="vitrine-cart">
      {entries.length === 0 ? (
        <p className="vitrine-cart-empty">{CART_MESSAGES.empty}</p>
      ) : (
        <>
          <ul className="vitrine-cart-entries">
            {entries.map((entry) => (
              <CartEntryRow
                key={entry.id}
                entry={entry}
                busy={busyEntry === entry.id}
                money={money}
                canEdit={entry.additionalFields !== null && forms[entry.itemId] !== undefined}
                onQuantity={(text) => changeQuantity(entry, text)}
                onRemove={() => remove(entry)}
                onEdit={() => edit(entry)}
              />
            ))}
          </ul>
          <p className="vitrine-cart-subtotal">
            <span>Subtotal</span> <span>{money(subtotalCents)}</span>
          </p>
          {belowMinimum ? (
            <p className="vitrine-cart-minimum" role="note">
              {minimumSubtotalMessage(money(minimumSubtotalCents ?? 0))}
            </p>
          ) : null}
          <CheckoutForm disabled={belowMinimum} />
        </>
      )}
      <LiveRegion message={status} />
      {editing && editingForm ? (
        <Modal title={editingForm.name ?? editing.title} onClose={() => setEditing(null)}>
          <AdditionalFieldsFormView
            form={editingForm}
            initialValues={parseAdditionalFields(editing.additionalFields)}
            submitLabel="Save"
            busy={busyEntry === editing.id}
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

interface CartEntryRowProps {
  entry: CartEntry;
  busy: boolean;
  canEdit: boolean;
  money: (cents: number) => string;
  onQuantity: (text: string) => void;
  onRemove: () => void;
  onEdit: () => void;
}

function CartEntryRow({ entry, busy, canEdit, money, onQuantity, onRemove, onEdit }: CartEntryRowProps) {
  const [text, setText] = useState(String(entry.quantity));
  const [shown, setShown] = useState(entry.quantity);
  // A new quantity from the server (after an update elsewhere) replaces what was typed.
  if (shown !== entry.quantity) {
    setShown(entry.quantity);
    setText(String(entry.quantity));
  }
  const attributes = Object.entries(entry.chosenVariant.attributes ?? {});
  // The text last sent: Enter then blur (or a failed change, then blur) must not send it twice.
  const submitted = useRef<string | null>(null);
  const commit = () => {
    if (busy || text === String(entry.quantity) || text === submitted.current) return;
    submitted.current = text;
    onQuantity(text);
  };
  return (
    <li className="vitrine-cart-entry" aria-busy={busy || undefined}>
      {entry.imageUrl ? (
        // Decorative: the title next to it names the product.
        <img className="vitrine-cart-entry-image" src={imageUrlAtWidth(entry.imageUrl, 100)} alt="" width={80} loading="lazy" />
      ) : null}
      {entry.url ? <a href={entry.url}>{entry.title}</a> : <span>{entry.title}</span>}
      {attributes.length > 0 ? (
        <span className="vitrine-cart-entry-variant">{attributes.map(([name, value]) => `${name}: ${value}`).join(', ')}</span>
      ) : null}
      <span className="vitrine-cart-entry-price">{money(entry.purchasePriceCents)}</span>
      <label>
        <span className="visually-hidden" style={visuallyHidden}>Quantity of {entry.title}</span>
        <QuantityInput
          value={text}
          // Read-only rather than disabled while saving: disabling would drop focus (and fire blur).
          readOnly={busy}
          onChange={(event) => {
            submitted.current = null;
            setText(event.target.value);
          }}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
        />
      </label>
      <span className="vitrine-cart-entry-subtotal">{money(entry.subTotal)}</span>
      {canEdit ? (
        <button type="button" onClick={onEdit} disabled={busy}>
          Edit details of {entry.title}
        </button>
      ) : null}
      <button type="button" onClick={onRemove} disabled={busy}>
        Remove {entry.title}
      </button>
    </li>
  );
}
