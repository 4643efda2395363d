import type { InventoryRowJson, InventorySort, OwnerVariantJson } from '@vitrine/contracts';
import { formatMoney } from '@vitrine/format/money';
import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { useBoot } from '../../api/client';
import { ScreenHeading } from '../../app/ScreenHeading';
import { Link, setSearch, useLocation, useSubPath } from '../../app/router';
import { useCan } from '../../api/hooks';
import { CreateStore, CreateStoreButton } from './editor/CreateStore';
import { EDITOR_TEXTS } from './editor/texts';
import { EDITOR_MESSAGES, failureText } from '../../ui/messages';
import { Empty, Loading, ReadStates } from '../../ui/states';
import { trackPanelEvent } from '../../ui/track';
import { useLocale } from '../../ui/locale';
import { useInventory, useSetStock } from './inventory-api';
import { INVENTORY_SORT_LABELS, parseStock, readInventoryState, withSearch, withSort, writeInventoryState, type InventoryState } from './inventory-state';
import { INVENTORY_TEXTS } from './texts';
import { ShownPrice } from './ShownPrice';
import './products.css';

/** How long typing pauses before the search is sent (and written in the address). */
export const SEARCH_DEBOUNCE_MS = 300;

/** The search box's text, sent once typing pauses; the address's `q` when it changes elsewhere (back, a link). */
export function useDebouncedSearch(current: string, apply: (q: string) => void, delay = SEARCH_DEBOUNCE_MS) {
  const [text, setText] = useState(current);
  useEffect(() => setText(current), [current]);
  useEffect(() => {
    if (text.trim() === current.trim()) return undefined;
    const timer = window.setTimeout(() => apply(text), delay);
    return () => window.clearTimeout(timer);
  }, [text, current, apply, delay]);
  return [text, setText] as const;
}

function useInventoryLocation(): [InventoryState, (next: InventoryState) => void] {
  const { pathname, search } = useLocation();
  const state = readInventoryState(search);
  return [state, (next) => setSearch(pathname, writeInventoryState(next))];
}

const optionsText = (variant: OwnerVariantJson) => variant.optionValues.map((option) => option.value).join(' / ') || INVENTORY_TEXTS.noOptions;

/** The product editor comes in its own chunk when first opened. */
const ProductEditor = lazy(() => import('./editor/ProductEditor'));

/** `/config/products` the inventory panel; `/config/products/new` a new product; `/config/products/:productId` its editor. */
export default function ProductsScreen() {
  const [first, ...rest] = useSubPath();
  if (first === undefined) return <InventoryPanel />;
  if (rest.length > 0) return <Empty title={EDITOR_MESSAGES.unableToLocateContent} />;
  return (
    <Suspense fallback={<Loading />}>
      <ProductEditor productId={first === 'new' ? null : first} />
    </Suspense>
  );
}

function InventoryPanel() {
  const canWrite = useCan('catalog:write');
  const [storeFormOpen, setStoreFormOpen] = useState(false);
  const storeFormId = useId();
  const [state, setState] = useInventoryLocation();
  const inventory = useInventory(state);
  const boot = useBoot();
  const locale = useLocale();
  const money = (cents: number) => {
    try {
      return formatMoney(cents, boot.website.currency, { locale });
    } catch {
      return `${(cents / 100).toFixed(2)} ${boot.website.currency}`;
    }
  };
  const search = (from: InventoryState, q: string) => {
    trackPanelEvent('inventory', 'search');
    setState(withSearch(from, q));
  };
  const sortBy = (sort: InventorySort, direction: InventoryState['direction']) => {
    trackPanelEvent('inventory', `sort-by-${sort}`);
    setState(withSort(state, sort, direction));
  };
  const [text, setText] = useDebouncedSearch(state.q, (q) => search(readInventoryState(new URLSearchParams(window.location.search)), q));
  const searchId = useId();

  const products = inventory.data?.products ?? [];
  return (
    <section className="inventory">
      <ScreenHeading
        actions={
          <>
            <CreateStoreButton open={storeFormOpen} onOpen={() => setStoreFormOpen(true)} formId={storeFormId} />
            {canWrite ? <Link to="/config/products/new" className="button button-primary">{EDITOR_TEXTS.addProduct}</Link> : null}
          </>
        }
      >
        Products
      </ScreenHeading>
      <CreateStore open={storeFormOpen} setOpen={setStoreFormOpen} formId={storeFormId} />
      <form className="inventory-controls card" role="search" onSubmit={(event) => { event.preventDefault(); search(state, text); }}>
        <div className="field">
          <label htmlFor={`${searchId}-q`}>{INVENTORY_TEXTS.search}</label>
          <input id={`${searchId}-q`} type="search" value={text} maxLength={200} onChange={(event) => setText(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${searchId}-sort`}>{INVENTORY_TEXTS.sortBy}</label>
          <select id={`${searchId}-sort`} value={state.sort} onChange={(event) => sortBy(event.target.value as InventorySort, state.direction)}>
            {(Object.keys(INVENTORY_SORT_LABELS) as InventorySort[]).map((sort) => (
              <option key={sort} value={sort}>{INVENTORY_SORT_LABELS[sort]}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${searchId}-direction`}>{INVENTORY_TEXTS.order}</label>
          <select id={`${searchId}-direction`} value={state.direction} onChange={(event) => sortBy(state.sort, event.target.value === 'desc' ? 'desc' : 'asc')}>
            <option value="asc">{INVENTORY_TEXTS.ascending}</option>
            <option value="desc">{INVENTORY_TEXTS.descending}</option>
          </select>
        </div>
      </form>

      <ReadStates read={inventory} isEmpty={products.length === 0} empty={<Empty title={state.q.trim() ? INVENTORY_TEXTS.noMatch(state.q.trim()) : INVENTORY_TEXTS.noProducts} />}>
        {() => (
          <div className="card inventory-card" aria-busy={inventory.isFetching}>
            <table className="data-table inventory-table">
              <caption className="visually-hidden">{INVENTORY_TEXTS.caption(INVENTORY_SORT_LABELS[state.sort], state.direction)}</caption>
              <thead>
                <tr>
                  <th scope="col">{INVENTORY_TEXTS.product}</th>
                  <th scope="col" className="numeric" aria-sort={state.sort === 'price' ? (state.direction === 'asc' ? 'ascending' : 'descending') : undefined}>{INVENTORY_TEXTS.price}</th>
                  <th scope="col" className="numeric" aria-sort={state.sort === 'stock' ? (state.direction === 'asc' ? 'ascending' : 'descending') : undefined}>{INVENTORY_TEXTS.stock}</th>
                  <th scope="col" className="numeric">{INVENTORY_TEXTS.variants}</th>
                </tr>
              </thead>
              {products.map((product) => (
                <ProductRows key={product.id} product={product} money={money} />
              ))}
            </table>
            {inventory.data?.nextCursor || state.cursor ? (
              <nav className="inventory-pages" aria-label={INVENTORY_TEXTS.pages}>
                {state.cursor ? (
                  <button type="button" className="button button-secondary" onClick={() => setState({ ...state, cursor: '' })}>{INVENTORY_TEXTS.firstPage}</button>
                ) : null}
                {inventory.data?.nextCursor ? (
                  <button type="button" className="button button-secondary" onClick={() => {
                    trackPanelEvent('inventory', 'next-page');
                    setState({ ...state, cursor: inventory.data?.nextCursor ?? '' });
                  }}>{INVENTORY_TEXTS.nextPage}</button>
                ) : null}
              </nav>
            ) : null}
          </div>
        )}
      </ReadStates>
    </section>
  );
}

function ProductRows({ product, money }: { product: InventoryRowJson; money: (cents: number) => string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <tbody className={open ? 'inventory-product open' : 'inventory-product'}>
      <tr>
        <th scope="row" data-label={INVENTORY_TEXTS.product}>
          <button type="button" className="inventory-expander" aria-expanded={open} aria-controls={panelId} aria-label={`${INVENTORY_TEXTS.variantsOf} ${product.title}`} onClick={() => {
            if (!open) trackPanelEvent('inventory', 'row-expander');
            setOpen(!open);
          }}>
            <span aria-hidden="true" className="inventory-chevron">{open ? '▾' : '▸'}</span>
          </button>{' '}
          <Link to={`/config/products/${encodeURIComponent(product.id)}`} className="inventory-title-link">{product.title}</Link>
          {product.archived ? <span className="inventory-badge">{INVENTORY_TEXTS.archived}</span> : null}
        </th>
        <td className="numeric" data-label={INVENTORY_TEXTS.price}><ShownPrice price={product.shownPrice} money={money} /></td>
        <td className="numeric" data-label={INVENTORY_TEXTS.stock}>{product.unlimited && product.totalStock === 0 ? INVENTORY_TEXTS.unlimited : product.totalStock}</td>
        <td className="numeric" data-label={INVENTORY_TEXTS.variants}>{product.variants.length}</td>
      </tr>
      <tr id={panelId} hidden={!open} className="inventory-variants-row">
        <td colSpan={4}>
          {open ? (
            <table className="inventory-variants">
              <caption className="visually-hidden">{INVENTORY_TEXTS.variantsCaption(product.title)}</caption>
              <thead>
                <tr>
                  <th scope="col">{INVENTORY_TEXTS.sku}</th>
                  <th scope="col">{INVENTORY_TEXTS.options}</th>
                  <th scope="col" className="numeric">{INVENTORY_TEXTS.price}</th>
                  <th scope="col">{INVENTORY_TEXTS.stock}</th>
                </tr>
              </thead>
              <tbody>
                {product.variants.map((variant) => (
                  <tr key={variant.id}>
                    <th scope="row" data-label={INVENTORY_TEXTS.sku}>{variant.sku}</th>
                    <td data-label={INVENTORY_TEXTS.options}>{optionsText(variant)}</td>
                    <td className="numeric" data-label={INVENTORY_TEXTS.price}><ShownPrice price={variant.shownPrice} money={money} /></td>
                    <td data-label={INVENTORY_TEXTS.stock}>
                      <StockEditor product={product} variant={variant} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </td>
      </tr>
    </tbody>
  );
}

/** A variant's stock edited in place: a number and Save (the absolute set call); what came of it is said beside it. */
export function StockEditor({ product, variant }: { product: InventoryRowJson; variant: OwnerVariantJson }) {
  const setStock = useSetStock();
  const [value, setValue] = useState(String(variant.qtyInStock));
  const [message, setMessage] = useState<{ kind: 'saved' | 'refused'; text: string } | null>(null);
  const id = useId();
  useEffect(() => setValue(String(variant.qtyInStock)), [variant.qtyInStock]);
  // A role that may not change the catalog (a viewer) reads the number; the server would refuse the set anyway.
  const mayWrite = useCan('catalog:write');
  if (variant.unlimited) return <span>{INVENTORY_TEXTS.unlimited}</span>;
  if (!mayWrite) return <span>{variant.qtyInStock}</span>;
  const name = `${product.title} ${optionsText(variant)}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const qtyInStock = parseStock(value);
    if (qtyInStock === null) {
      setMessage({ kind: 'refused', text: INVENTORY_TEXTS.wholeNumber });
      return;
    }
    setMessage(null);
    setStock.mutate(
      { variantId: variant.id, qtyInStock },
      {
        onSuccess: (reply) => setMessage({ kind: 'saved', text: INVENTORY_TEXTS.saved(reply.qtyInStock) }),
        onError: (error) => setMessage({ kind: 'refused', text: failureText(error) }),
      },
    );
  };
  return (
    <form className="stock-editor" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-qty`} className="visually-hidden">{INVENTORY_TEXTS.stockOf(name)}</label>
      <input
        id={`${id}-qty`}
        type="number"
        inputMode="numeric"
        min={0}
        max={1_000_000_000}
        step={1}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={message?.kind === 'refused' ? true : undefined}
        aria-describedby={`${id}-message`}
      />
      <button type="submit" className="button button-secondary" disabled={setStock.isPending} aria-label={INVENTORY_TEXTS.saveStockOf(name)}>
        {setStock.isPending ? INVENTORY_TEXTS.saving : INVENTORY_TEXTS.save}
      </button>
      <span id={`${id}-message`} className={message?.kind === 'refused' ? 'stock-message refused' : 'stock-message'} role={message?.kind === 'refused' ? 'alert' : 'status'}>
        {message?.text ?? ''}
      </span>
    </form>
  );
}
