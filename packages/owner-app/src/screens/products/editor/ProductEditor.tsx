import { useQueryClient } from '@tanstack/react-query';
import type { OwnerProductJson } from '@vitrine/contracts';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useBoot, useOwnerClient } from '../../../api/client';
import { useCan } from '../../../api/hooks';
import { ScreenHeading } from '../../../app/ScreenHeading';
import { Link, navigate } from '../../../app/router';
import { useConfirm } from '../../../ui/confirm';
import { useLocale } from '../../../ui/locale';
import { failureText } from '../../../ui/messages';
import { Loading, LoadFailed } from '../../../ui/states';
import { trackPanelEvent } from '../../../ui/track';
import { editorKeys, loadFormObject, useArchiveProduct, useDeleteProduct, useEditorProduct, useSaveProduct, useSiteForms, useStores, type LoadedProduct } from './editor-api';
import { focalAfterKey, focalAtClick, focalText, type FocalPoint } from './focal';
import { useUnsavedChangesGuard } from './guard';
import {
  emptyProductForm, formFromProduct, formToBody, hasStock, imageChanges, isSubscribableType, moved, PRODUCT_TYPE_OPTIONS, stockChanges, withOptions,
  type BillingUnit, type FieldErrors, type ImageDraft, type ProductForm, type ProductTypeCode,
} from './product-form';
import { AltTextPrompt } from './AltTextPrompt';
import { SEO_TEXTS, SeoFields } from '../../../ui/SeoFields';
import { EDITOR_TEXTS as T } from './texts';
import { checkUploadFile, UploadError, uploadImageWithProgress, UPLOAD_TEXTS } from './upload';
import { DigitalFileSection } from './DigitalFileSection';
import { MAX_OPTIONS, type VariantDraft } from './variants';
import './editor.css';

/** `/config/products/new` (productId null) or `/config/products/:productId`. */
export default function ProductEditor({ productId }: { productId: string | null }) {
  const loaded = useEditorProduct(productId);
  if (productId !== null) {
    if (loaded.isPending) return <section className="product-editor"><ScreenHeading>{T.back}</ScreenHeading><Loading /></section>;
    if (loaded.isError) return <section className="product-editor"><ScreenHeading>{T.back}</ScreenHeading><LoadFailed error={loaded.error} retry={() => void loaded.refetch()} /></section>;
  }
  return <EditorForm key={productId ?? 'new'} productId={productId} loaded={productId !== null ? loaded.data : undefined} />;
}

const snapshot = (form: ProductForm) => JSON.stringify(form);

function EditorForm({ productId, loaded }: { productId: string | null; loaded: LoadedProduct | undefined }) {
  const boot = useBoot();
  const currency = boot.website.currency;
  const locale = useLocale();
  const canWrite = useCan('catalog:write');
  const client = useOwnerClient();
  const queryClient = useQueryClient();
  const { confirm } = useConfirm();
  const initial = useMemo(() => (loaded ? formFromProduct(loaded.product, currency, loaded.focalPoints) : emptyProductForm(1)), [loaded, currency]);
  const [form, setForm] = useState<ProductForm>(initial);
  const [baseline, setBaseline] = useState(() => snapshot(initial));
  const [saved, setSaved] = useState<OwnerProductJson | undefined>(loaded?.product);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const save = useSaveProduct();
  const archive = useArchiveProduct();
  const deletion = useDeleteProduct();
  const dirty = canWrite && snapshot(form) !== baseline;
  useUnsavedChangesGuard(dirty);
  const id = useId();
  const update = (change: Partial<ProductForm>) => setForm((current) => ({ ...current, ...change }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canWrite) return;
    const result = formToBody(form, currency, locale);
    if (result.errors) {
      setErrors(result.errors);
      setStatus({ kind: 'error', text: T.fixErrors });
      return;
    }
    setErrors({});
    setStatus(null);
    const formChanged = (form.additionalForm?.id ?? null) !== ((saved?.additionalFieldsForm as { id?: string } | null)?.id ?? null);
    save.mutate(
      { productId, body: result.body, images: imageChanges(form), stock: stockChanges(form, saved) },
      {
        onSuccess: (product) => {
          if (formChanged) trackPanelEvent('cart-page-product-form', 'submit');
          const focalPoints = Object.fromEntries(form.images.map((image) => [image.id, image.focal]));
          const next = formFromProduct(product, currency, focalPoints);
          queryClient.setQueryData<LoadedProduct>(editorKeys.product(product.id), { product, focalPoints });
          setForm(next);
          setBaseline(snapshot(next));
          setSaved(product);
          setStatus({ kind: 'ok', text: productId ? T.saved : T.created });
          if (!productId) navigate(`/config/products/${encodeURIComponent(product.id)}`, { replace: true, focus: false });
        },
        onError: (error) => {
          setErrors(isOwnerApiError(error) ? { ...error.errors } : {});
          setStatus({ kind: 'error', text: failureText(error) });
        },
      },
    );
  };

  const toggleArchive = async () => {
    if (!saved) return;
    const archiving = saved.archivedAt === null;
    const ok = await confirm(
      archiving
        ? { title: T.archiveTitle(saved.title), message: T.archiveMessage, confirmLabel: T.archive, destructive: true }
        : { title: T.restoreTitle(saved.title), message: T.restoreMessage, confirmLabel: T.restore },
    );
    if (!ok) return;
    archive.mutate({ productId: saved.id, archive: archiving }, {
      onSuccess: (product) => {
        setSaved(product);
        setStatus({ kind: 'ok', text: archiving ? T.archived : T.restored });
      },
      onError: (error) => setStatus({ kind: 'error', text: failureText(error) }),
    });
  };

  /** Only an archived product: the confirmation names everything that goes with it. */
  const deleteForGood = async () => {
    if (!saved || saved.archivedAt === null) return;
    const ok = await confirm({ title: T.deleteTitle(saved.title), message: T.deleteMessage(saved), confirmLabel: T.deleteForGood, destructive: true });
    if (!ok) return;
    deletion.mutate({ productId: saved.id }, {
      onSuccess: () => {
        queryClient.removeQueries({ queryKey: editorKeys.product(saved.id) });
        // Nothing left to edit: back to the list (which no longer has it).
        navigate('/config/products', { replace: true });
      },
      onError: (error) => setStatus({ kind: 'error', text: failureText(error) }),
    });
  };

  const shown = new Set<string>();
  const fieldError = (key: string) => {
    shown.add(key);
    return errors[key];
  };
  const title = saved?.title || (productId ? T.back : T.newProduct);
  const saveButton = canWrite ? (
    <button type="submit" form={`${id}-form`} className="button button-primary" disabled={save.isPending}>
      {save.isPending ? T.saving : T.save}
    </button>
  ) : null;

  const statusSection = saved ? (
    <Section title={T.status}>
      <p>{saved.archivedAt === null ? T.visible : T.archivedSince}</p>
      <div className="editor-actions">
        {saved.archivedAt === null && saved.fullUrl ? <a href={saved.fullUrl} className="button button-secondary">{T.viewInStore}</a> : null}
        {canWrite ? (
          <button type="button" className={saved.archivedAt === null ? 'button button-destructive' : 'button button-secondary'} disabled={archive.isPending} onClick={() => void toggleArchive()}>
            {saved.archivedAt === null ? T.archive : T.restore}
          </button>
        ) : null}
        {canWrite && saved.archivedAt !== null ? (
          <button type="button" className="button button-destructive" disabled={deletion.isPending} onClick={() => void deleteForGood()}>
            {T.deleteForGood}
          </button>
        ) : null}
      </div>
    </Section>
  ) : null;

  const body = (
    <form id={`${id}-form`} className="product-editor-form" onSubmit={submit} noValidate>
      <fieldset disabled={!canWrite} className="editor-fieldset">
        <legend className="visually-hidden">{title}</legend>
        <div className="editor-layout">
          <div className="editor-main">
            <Section title={T.details}>
              <Field label={T.title} error={fieldError('title')}>
                {(props) => <input {...props} value={form.title} maxLength={200} onChange={(event) => update({ title: event.target.value })} />}
              </Field>
              <Field label={T.urlId} error={fieldError('urlId')} hint={T.urlIdHint(saved?.fullUrl ?? '')}>
                {(props) => <input {...props} value={form.urlId} maxLength={200} onChange={(event) => update({ urlId: event.target.value })} />}
              </Field>
              <Field label={T.excerpt} error={fieldError('excerpt')}>
                {(props) => <textarea {...props} rows={2} value={form.excerpt} onChange={(event) => update({ excerpt: event.target.value })} />}
              </Field>
              <Field label={T.description} error={fieldError('body')}>
                {(props) => <textarea {...props} rows={5} value={form.body} onChange={(event) => update({ body: event.target.value })} />}
              </Field>
            </Section>

            <Section title={T.images}>
              <ImagesEditor form={form} setForm={setForm} canWrite={canWrite} error={fieldError('imageIds')} />
            </Section>

            {form.productType === 2 ? <DigitalFileSection productId={saved?.id ?? null} /> : null}

            <Section title={T.options}>
              <VariantsEditor form={form} setForm={setForm} currency={currency} fieldError={fieldError} />
            </Section>

            <Section title={T.subscription}>
              {isSubscribableType(form.productType) ? (
                <>
                  <Check label={T.subscribable} checked={form.isSubscribable} onChange={(isSubscribable) => update({ isSubscribable })} />
                  {form.isSubscribable ? (
                    <div className="editor-row">
                      <Field label={T.billingEvery} error={fieldError('subscriptionPlan.billingPeriod.value')}>
                        {(props) => <input {...props} inputMode="numeric" value={form.billingValue} onChange={(event) => update({ billingValue: event.target.value })} />}
                      </Field>
                      <Field label={T.billingUnit}>
                        {(props) => (
                          <select {...props} value={form.billingUnit} onChange={(event) => update({ billingUnit: event.target.value as BillingUnit })}>
                            {(Object.keys(T.units) as BillingUnit[]).map((unit) => <option key={unit} value={unit}>{T.units[unit]}</option>)}
                          </select>
                        )}
                      </Field>
                      <Field label={T.billingCycles} error={fieldError('subscriptionPlan.numBillingCycles') ?? fieldError('subscriptionPlan')} hint={T.billingCyclesHint}>
                        {(props) => <input {...props} inputMode="numeric" value={form.billingCycles} onChange={(event) => update({ billingCycles: event.target.value })} />}
                      </Field>
                    </div>
                  ) : null}
                </>
              ) : (
                <p className="editor-hint">{T.subscriptionOnly}</p>
              )}
            </Section>

            <AdditionalFormSection form={form} update={update} error={fieldError('additionalFieldsForm')} />

            <Section title={T.merchandising}>
              <MerchandisingFields form={form} update={update} error={fieldError('merchandising')} />
            </Section>

            <Section title={SEO_TEXTS.heading}>
              <SeoFields
                value={form}
                onChange={update}
                ownTitle={form.title.trim() || T.titleLabelFallback}
                ownDescription={T.descriptionFallback}
                errors={{ seoTitle: fieldError('seoTitle'), seoDescription: fieldError('seoDescription'), seoImageId: fieldError('seoImageId') }}
                picture={
                  <Field label={SEO_TEXTS.socialPicture} hint={T.socialPictureHint}>
                    {(props) => (
                      <select {...props} value={form.seoImageId ?? ''} onChange={(event) => update({ seoImageId: event.target.value || null })}>
                        <option value="">{T.mainImage}</option>
                        {form.images.map((image, index) => <option key={image.id} value={image.id}>{image.altText.trim() || `${T.pictureNumber} ${index + 1}`}</option>)}
                      </select>
                    )}
                  </Field>
                }
              />
            </Section>

            <Section title={T.button}>
              <Check label={T.useCustomButton} checked={form.useCustomAddButtonText} onChange={(useCustomAddButtonText) => update({ useCustomAddButtonText })} />
              {form.useCustomAddButtonText ? (
                <Field label={T.customButton} error={fieldError('customAddButtonText')}>
                  {(props) => <input {...props} value={form.customAddButtonText} maxLength={1000} onChange={(event) => update({ customAddButtonText: event.target.value })} />}
                </Field>
              ) : null}
            </Section>
          </div>
          <div className="editor-side">
            {statusSection}
            <Section title={T.organization}>
              <Field label={T.type} error={fieldError('productType')} hint={PRODUCT_TYPE_OPTIONS.find((option) => option.code === form.productType)?.hint}>
                {(props) => (
                  <select {...props} value={form.productType} onChange={(event) => update({ productType: Number(event.target.value) as ProductTypeCode })}>
                    {PRODUCT_TYPE_OPTIONS.map((option) => <option key={option.code} value={option.code}>{option.label}</option>)}
                  </select>
                )}
              </Field>
              <StoreField form={form} update={update} error={fieldError('storeId')} />
              <Field label={T.tags} error={fieldError('tags')} hint={T.commaHint}>
                {(props) => <input {...props} value={form.tagsText} onChange={(event) => update({ tagsText: event.target.value })} />}
              </Field>
              <Field label={T.categories} error={fieldError('categories')} hint={T.commaHint}>
                {(props) => <input {...props} value={form.categoriesText} onChange={(event) => update({ categoriesText: event.target.value })} />}
              </Field>
            </Section>
          </div>
        </div>
      </fieldset>
    </form>
  );

  // The variants editor is a component of its own: it renders after this, so its fields are counted here.
  for (const key of Object.keys(errors)) if (variantsEditorShows(form, key)) shown.add(key);
  const summary = errorSummary(status, errors, shown);
  return (
    <section className="product-editor">
      <p className="editor-back"><Link to="/config/products">← {T.back}</Link></p>
      <ScreenHeading actions={saveButton}>{title}</ScreenHeading>
      {!canWrite ? <p className="editor-note" role="note">{T.readOnly}</p> : null}
      <div className={status?.kind === 'error' ? 'editor-status error' : 'editor-status'} role={status?.kind === 'error' ? 'alert' : 'status'}>
        {summary.text ? <p>{summary.text}</p> : null}
        {summary.others.length > 0 ? (
          <ul aria-label={T.otherErrors}>{summary.others.map(([key, message]) => <li key={key}>{message}</li>)}</ul>
        ) : null}
      </div>
      {body}
      {canWrite ? <div className="editor-savebar">{saveButton}</div> : null}
    </section>
  );
}

/**
 * What the status line says above the form, so that each message is on screen once. A refusal's message is often
 * one of its field errors too (a 409 names the field it is about): when that field shows it, the line says that
 * fields need attention instead; errors of no field on screen are listed under it, but not the one it already says.
 */
function errorSummary(
  status: { kind: 'ok' | 'error'; text: string } | null,
  errors: FieldErrors,
  shownKeys: ReadonlySet<string>,
): { text: string | null; others: Array<[string, string]> } {
  if (!status || status.kind === 'ok') return { text: status?.text ?? null, others: [] };
  const atFields = new Set([...shownKeys].flatMap((key) => (errors[key] ? [errors[key]] : [])));
  const text = atFields.has(status.text) ? T.fixErrors : status.text;
  const others = Object.entries(errors).filter(([key, message]) => !shownKeys.has(key) && message !== text);
  return { text, others };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card editor-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

function Field({ label, error, hint, children }: { label: string; error?: string; hint?: string; children: (props: ControlProps) => ReactNode }) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="editor-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(error ? { 'aria-invalid': true as const } : {}), ...(described ? { 'aria-describedby': described } : {}) })}
      {hint ? <span id={`${id}-hint`} className="editor-hint">{hint}</span> : null}
      {error ? <span id={`${id}-error`} className="field-error">{error}</span> : null}
    </div>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="editor-check">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

function StoreField({ form, update, error }: { form: ProductForm; update: (change: Partial<ProductForm>) => void; error?: string }) {
  const canReadCatalog = useCan('catalog:read');
  const stores = useStores(canReadCatalog);
  const choices = stores.data ?? [];
  const known = choices.some((store) => store.id === form.storeId);
  return (
    <Field label={T.store} error={error}>
      {(props) => (
        <select {...props} value={form.storeId} onChange={(event) => update({ storeId: event.target.value })}>
          {form.storeId === '' ? <option value="">{T.defaultStore}</option> : null}
          {!known && form.storeId !== '' ? <option value={form.storeId}>{form.storeId}</option> : null}
          {choices.map((store) => <option key={store.id} value={store.id}>{store.title}</option>)}
        </select>
      )}
    </Field>
  );
}

/** The variant cells' error keys (variants.N.field) and the options' own, as VariantsEditor shows them beside a field. */
const VARIANT_CELL_ERRORS = /^variants\.(\d+)\.(sku|priceCents|salePriceCents|qtyInStock|weightGrams)$/;

/** Whether VariantsEditor shows the error of `key` beside a field (the same conditions as its columns and rows). */
function variantsEditorShows(form: ProductForm, key: string): boolean {
  const digital = form.productType === 2;
  if (key === 'variantOptionOrdering' || key === 'variants') return !digital;
  const cell = VARIANT_CELL_ERRORS.exec(key);
  if (!cell) return false;
  const rows = digital ? Math.min(form.variants.length, 1) : form.variants.length;
  const field = cell[2];
  if (field === 'qtyInStock' && !hasStock(form.productType)) return false;
  if (field === 'weightGrams' && form.productType !== 1) return false;
  return Number(cell[1]) < rows;
}

const variantName = (variant: VariantDraft) => variant.optionValues.filter(Boolean).join(' / ') || T.noOptions;

function VariantsEditor({ form, setForm, currency, fieldError }: { form: ProductForm; setForm: (next: (form: ProductForm) => ProductForm) => void; currency: string; fieldError: (key: string) => string | undefined }) {
  // A viewer reads the options; adding and removing them is for roles that may change the catalog.
  const canWrite = useCan('catalog:write');
  const digital = form.productType === 2;
  const stocked = hasStock(form.productType);
  const shipped = form.productType === 1;
  const setOption = (index: number, change: Partial<ProductForm['options'][number]>) =>
    setForm((current) => withOptions(current, current.options.map((option, at) => (at === index ? { ...option, ...change } : option))));
  const setVariant = (index: number, change: Partial<VariantDraft>) =>
    setForm((current) => ({ ...current, variants: current.variants.map((variant, at) => (at === index ? { ...variant, ...change } : variant)) }));
  const variants = digital ? form.variants.slice(0, 1) : form.variants;
  const optionsError = fieldError('variantOptionOrdering') ?? fieldError('variants');
  return (
    <>
      {!digital ? (
        <div className="editor-options">
          <p className="editor-hint">{T.optionValuesHint}</p>
          {form.options.map((option, index) => (
            <div className="editor-row" key={index}>
              <Field label={T.optionName(index + 1)}>
                {(props) => <input {...props} value={option.name} maxLength={100} onChange={(event) => setOption(index, { name: event.target.value })} />}
              </Field>
              <Field label={T.optionValues(index + 1)}>
                {(props) => <input {...props} value={option.valuesText} onChange={(event) => setOption(index, { valuesText: event.target.value })} />}
              </Field>
              {canWrite ? (
                <button type="button" className="button button-secondary editor-inline-button" onClick={() => setForm((current) => withOptions(current, current.options.filter((_, at) => at !== index)))}>
                  {T.removeOption(index + 1)}
                </button>
              ) : null}
            </div>
          ))}
          {canWrite && form.options.length < MAX_OPTIONS ? (
            <button type="button" className="button button-secondary" onClick={() => setForm((current) => ({ ...current, options: [...current.options, { name: '', valuesText: '' }] }))}>
              {T.addOption}
            </button>
          ) : null}
          {optionsError ? <p className="field-error">{optionsError}</p> : null}
        </div>
      ) : null}
      <div className="editor-table-wrap" tabIndex={0} role="region" aria-label={T.variantsCaption}>
        <table className="data-table editor-variants">
          <caption className="visually-hidden">{T.variantsCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{T.variant}</th>
              <th scope="col">{T.sku}</th>
              <th scope="col">{T.price} ({currency})</th>
              <th scope="col">{T.salePrice}</th>
              {stocked ? <th scope="col">{T.stock}</th> : null}
              {shipped ? <th scope="col">{T.weight}</th> : null}
            </tr>
          </thead>
          <tbody>
            {variants.map((variant, index) => {
              const name = variantName(variant);
              const error = (field: string) => fieldError(`variants.${index}.${field}`);
              return (
                <tr key={variant.key}>
                  <th scope="row" data-label={T.variant}>{name}</th>
                  <td data-label={T.sku}>
                    <CellInput label={T.fieldOf(T.sku, name)} value={variant.sku} error={error('sku')} onChange={(sku) => setVariant(index, { sku })} />
                  </td>
                  <td data-label={T.price}>
                    <CellInput label={T.fieldOf(T.price, name)} value={variant.price} error={error('priceCents')} inputMode="decimal" onChange={(price) => setVariant(index, { price })} />
                  </td>
                  <td data-label={T.salePrice}>
                    <CellInput label={T.fieldOf(T.salePrice, name)} value={variant.salePrice} error={error('salePriceCents')} inputMode="decimal" onChange={(salePrice) => setVariant(index, { salePrice })} />
                    <label className="editor-check small">
                      <input type="checkbox" checked={variant.onSale} aria-label={T.fieldOf(T.onSale, name)} onChange={(event) => setVariant(index, { onSale: event.target.checked })} />
                      <span aria-hidden="true">{T.onSale}</span>
                    </label>
                  </td>
                  {stocked ? <td data-label={T.stock}>
                    {!variant.unlimited ? (
                      <CellInput label={T.fieldOf(T.stock, name)} value={variant.stock} error={error('qtyInStock')} inputMode="numeric" onChange={(stock) => setVariant(index, { stock })} />
                    ) : null}
                    <label className="editor-check small">
                      <input type="checkbox" checked={variant.unlimited} aria-label={T.fieldOf(T.unlimited, name)} onChange={(event) => setVariant(index, { unlimited: event.target.checked })} />
                      <span aria-hidden="true">{T.unlimited}</span>
                    </label>
                  </td> : null}
                  {shipped ? (
                    <td data-label={T.weight}>
                      <CellInput label={T.fieldOf(T.weight, name)} value={variant.weight} error={error('weightGrams')} inputMode="numeric" onChange={(weight) => setVariant(index, { weight })} />
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

function CellInput({ label, value, error, inputMode, onChange }: { label: string; value: string; error?: string; inputMode?: 'decimal' | 'numeric'; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <>
      <input id={id} aria-label={label} value={value} inputMode={inputMode} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(event) => onChange(event.target.value)} />
      {error ? <span id={`${id}-error`} className="field-error">{error}</span> : null}
    </>
  );
}

function ImagesEditor({ form, setForm, canWrite, error }: { form: ProductForm; setForm: (next: (form: ProductForm) => ProductForm) => void; canWrite: boolean; error?: string }) {
  const client = useOwnerClient();
  const inputId = useId();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const setImage = (index: number, change: Partial<ImageDraft>) =>
    setForm((current) => ({ ...current, images: current.images.map((image, at) => (at === index ? { ...image, ...change } : image)) }));
  // A picked file waits for its alt text (AltTextPrompt) before it is sent.
  const [asking, setAsking] = useState<File | null>(null);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFailure(null);
    const refusal = checkUploadFile(file);
    if (refusal) {
      setFailure(refusal);
      return;
    }
    setAsking(file);
  };
  const send = async (file: File, altText: string) => {
    setAsking(null);
    setProgress({ name: file.name, percent: 0 });
    try {
      const asset = await uploadImageWithProgress(client, file, { onProgress: (fraction) => setProgress({ name: file.name, percent: Math.round(fraction * 100) }) });
      setForm((current) => ({
        ...current,
        // The typed alt text is the picture's own once the product is saved (Save sends what differs from `saved`).
        images: [...current.images, { id: asset.id, assetUrl: asset.assetUrl, filename: asset.filename, altText, focal: asset.mediaFocalPoint, saved: { altText: asset.altText, focal: asset.mediaFocalPoint } }],
      }));
    } catch (caught) {
      setFailure(caught instanceof UploadError ? caught.detail : UPLOAD_TEXTS.notCompleted);
    } finally {
      setProgress(null);
    }
  };
  return (
    <div className="editor-images">
      <p className="editor-hint">{T.imagesHint}</p>
      {form.images.length === 0 ? <p>{T.noImages}</p> : null}
      <ol className="editor-image-list">
        {form.images.map((image, index) => {
          const name = image.altText.trim() || `picture ${index + 1}`;
          return (
            <li key={image.id} className="editor-image">
              <FocalPicker image={image} name={name} disabled={!canWrite} onChange={(focal) => setImage(index, { focal })} />
              <div className="editor-image-fields">
                <Field label={T.altText}>
                  {(props) => <input {...props} value={image.altText} maxLength={1000} onChange={(event) => setImage(index, { altText: event.target.value })} />}
                </Field>
                {canWrite ? <div className="editor-actions">
                  <button type="button" className="button button-secondary" disabled={index === 0} onClick={() => setForm((current) => ({ ...current, images: moved(current.images, index, -1) }))}>
                    <span aria-hidden="true">↑</span><span className="visually-hidden">{T.moveUp(name)}</span>
                  </button>
                  <button type="button" className="button button-secondary" disabled={index === form.images.length - 1} onClick={() => setForm((current) => ({ ...current, images: moved(current.images, index, 1) }))}>
                    <span aria-hidden="true">↓</span><span className="visually-hidden">{T.moveDown(name)}</span>
                  </button>
                  <button type="button" className="button button-secondary" onClick={() => setForm((current) => ({ ...current, images: current.images.filter((_, at) => at !== index) }))}>
                    {T.removeShort}<span className="visually-hidden"> {name}</span>
                  </button>
                </div> : null}
              </div>
            </li>
          );
        })}
      </ol>
      {canWrite ? (
        <div className="editor-upload">
          <input ref={fileInput} id={inputId} type="file" className="visually-hidden-file" accept="image/jpeg,image/png,image/webp,image/gif,image/avif" onChange={pick} disabled={progress !== null || asking !== null} />
          <label htmlFor={inputId} className="button button-secondary">{T.upload}</label>
        </div>
      ) : null}
      {asking ? <AltTextPrompt file={asking} onUpload={(altText) => void send(asking, altText)} onCancel={() => setAsking(null)} /> : null}
      <div role="status" className="editor-progress">
        {progress ? (
          <>
            <label htmlFor={`${inputId}-progress`}>{UPLOAD_TEXTS.uploading(progress.name)}</label>
            <progress id={`${inputId}-progress`} max={100} value={progress.percent} />
            <span>{UPLOAD_TEXTS.progress(progress.percent)}</span>
          </>
        ) : null}
      </div>
      {failure ? (
        <div role="alert" className="editor-upload-failed">
          <p className="editor-upload-title">{UPLOAD_TEXTS.failedTitle}</p>
          <p>{UPLOAD_TEXTS.failed}</p>
          <p>{failure}</p>
        </div>
      ) : null}
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}

function FocalPicker({ image, name, disabled, onChange }: { image: ImageDraft; name: string; disabled: boolean; onChange: (focal: FocalPoint) => void }) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const next = focalAfterKey(image.focal, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    onChange(next);
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (disabled) return;
    onChange(focalAtClick(event.currentTarget.getBoundingClientRect(), event.clientX, event.clientY));
  };
  return (
    <div
      className="focal-picture"
      role="slider"
      tabIndex={0}
      aria-label={T.focalPoint(name)}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(image.focal.x * 100)}
      aria-valuetext={focalText(image.focal)}
      aria-disabled={disabled || undefined}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      <img src={`${image.assetUrl}?format=300w`} alt="" draggable={false} />
      <span className="focal-marker" aria-hidden="true" style={{ left: `${image.focal.x * 100}%`, top: `${image.focal.y * 100}%` }} />
    </div>
  );
}

function AdditionalFormSection({ form, update, error }: { form: ProductForm; update: (change: Partial<ProductForm>) => void; error?: string }) {
  const canReadForms = useCan('forms:read');
  const [open, setOpen] = useState(form.additionalForm !== null);
  const openRef = useRef(open);
  const forms = useSiteForms(canReadForms && open);
  const client = useOwnerClient();
  const [loadError, setLoadError] = useState<string | null>(null);
  const choose = async (formId: string) => {
    setLoadError(null);
    if (formId === '') {
      update({ additionalForm: null });
      return;
    }
    try {
      update({ additionalForm: await loadFormObject(client, formId) });
    } catch (caught) {
      setLoadError(failureText(caught));
    }
  };
  const choices = forms.data ?? [];
  const current = form.additionalForm;
  return (
    <details
      className="card editor-section editor-disclosure"
      open={open}
      onToggle={(event) => {
        const nowOpen = (event.currentTarget as HTMLDetailsElement).open;
        if (nowOpen === openRef.current) return;
        openRef.current = nowOpen;
        setOpen(nowOpen);
        trackPanelEvent('cart-page-product-form', nowOpen ? 'open' : 'close');
      }}
    >
      <summary><h2>{T.additionalForm}</h2></summary>
      <p className="editor-hint">{T.additionalFormHint}</p>
      {canReadForms ? (
        <Field label={T.form} error={error ?? loadError ?? undefined}>
          {(props) => (
            <select {...props} value={current?.id ?? ''} onChange={(event) => void choose(event.target.value)}>
              <option value="">{T.noForm}</option>
              {current && !choices.some((choice) => choice.id === current.id) ? <option value={current.id}>{current.name}</option> : null}
              {choices.map((choice) => <option key={choice.id} value={choice.id}>{choice.name}</option>)}
            </select>
          )}
        </Field>
      ) : (
        <p>{current ? current.name : T.noForm}. {T.noFormAccess}</p>
      )}
    </details>
  );
}

function MerchandisingFields({ form, update, error }: { form: ProductForm; update: (change: Partial<ProductForm>) => void; error?: string }) {
  const value = (key: string) => form.merchandising[key];
  const set = (key: string, next: unknown) => update({ merchandising: { ...form.merchandising, [key]: next } });
  const text = (key: string) => (typeof value(key) === 'string' ? (value(key) as string) : '');
  return (
    <div className="editor-merchandising">
      <Check label={T.scarcityEnabled} checked={value('scarcityEnabled') === true} onChange={(checked) => set('scarcityEnabled', checked)} />
      {value('scarcityEnabled') === true ? (
        <Field label={T.scarcityText}>
          {(props) => <input {...props} value={text('scarcityText')} maxLength={1000} onChange={(event) => set('scarcityText', event.target.value)} />}
        </Field>
      ) : null}
      <Field label={T.customSoldOutText}>
        {(props) => <input {...props} value={text('customSoldOutText')} maxLength={1000} onChange={(event) => set('customSoldOutText', event.target.value)} />}
      </Field>
      <Check label={T.restock} checked={value('restockNotificationsEnabled') === true} onChange={(checked) => set('restockNotificationsEnabled', checked)} />
      <Check label={T.mailingList} checked={value('mailingListSignUpEnabled') === true} onChange={(checked) => set('mailingListSignUpEnabled', checked)} />
      {value('mailingListSignUpEnabled') === true ? (
        <Check label={T.mailingListDefault} checked={value('mailingListOptInByDefault') === true} onChange={(checked) => set('mailingListOptInByDefault', checked)} />
      ) : null}
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}
