import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, navigate } from '../../app/router';
import { useConfirm } from '../../ui/confirm';
import { failureText } from '../../ui/messages';
import { Loading, LoadFailed, OutcomeLine, type Outcome } from '../../ui/states';
import { usePageTree } from '../pages/content-api';
import { areaBodyOf, areaErrorsFromServer, areaFormOf, checkAreaForm, EMPTY_AREA_FORM, togglePage, type AreaForm, type AreaFormErrors } from './area-form';
import { MembersPanel } from './MembersPanel';
import { useCreateArea, useDeleteArea, useMemberArea, usePaywallProducts, useUpdateArea, type MemberArea } from './members-api';
import { areaPath, MEMBERS_PATH } from './paths';
import { sitePagesOf } from './site-pages';
import { MEMBER_TEXTS as T } from './texts';

/** `stale`: another change came first (409), so the form offers Reload. */
type AreaOutcome = Outcome<{ stale?: boolean }>;

/** Said on the next screen after a create or delete moves the owner there. */
let outcomeAfterMove: AreaOutcome = null;

/** One member area (`/config/members/<areaId>`, or `/new`): its form, and below it its members. */
export function AreaEditor({ areaId, mayWrite }: { areaId: string; mayWrite: boolean }) {
  const area = useMemberArea(areaId, true);
  // Bumped by Reload after a 409: the form starts again from the area as the server now has it.
  const [generation, setGeneration] = useState(0);
  if (areaId === '') return <AreaForm area={null} mayWrite={mayWrite} />;
  if (area.isPending) return <Loading />;
  if (area.isError) return <LoadFailed error={area.error} retry={() => void area.refetch()} />;
  const reload = async () => {
    await area.refetch();
    setGeneration((was) => was + 1);
  };
  return (
    <>
      <AreaForm key={`${area.data.memberArea.id}:${generation}`} area={area.data.memberArea} mayWrite={mayWrite} onReload={reload} />
      <MembersPanel area={area.data.memberArea} mayWrite={mayWrite} />
    </>
  );
}

function AreaForm({ area, mayWrite, onReload }: { area: MemberArea | null; mayWrite: boolean; onReload?: () => Promise<void> }) {
  const [form, setForm] = useState<AreaForm>(() => (area ? areaFormOf(area) : EMPTY_AREA_FORM));
  const [errors, setErrors] = useState<AreaFormErrors>({});
  // The version this form's next save names: the reply's after each save (the refetched area may come later).
  const [version, setVersion] = useState(area?.version ?? 1);
  const [outcome, setOutcome] = useState<AreaOutcome>(() => {
    const carried = outcomeAfterMove;
    outcomeAfterMove = null;
    return carried;
  });
  const tree = usePageTree();
  const products = usePaywallProducts(mayWrite || form.access === 'paid');
  const create = useCreateArea();
  const update = useUpdateArea(area?.id ?? '');
  const remove = useDeleteArea();
  const { confirm } = useConfirm();
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const ids = { name: useId(), description: useId(), product: useId(), duration: useId(), join: useId(), pages: useId() };
  const pending = create.isPending || update.isPending;
  const readOnly = !mayWrite;

  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  // The area's own pages stay listed even when the tree cannot be read (a role without content:read).
  const treePages = sitePagesOf(tree.data);
  const pages = [...treePages, ...(area?.pages ?? []).filter((page) => !treePages.some((each) => each.id === page.id)).map((page) => ({ id: page.id, title: page.title, fullUrl: page.url }))];
  const change = (patch: Partial<AreaForm>) => setForm((was) => ({ ...was, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkAreaForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(found.name ? ids.name : found.paywallProductId ? ids.product : ids.duration)?.focus();
      return;
    }
    try {
      if (area) {
        const reply = await update.mutateAsync({ ...areaBodyOf(form), version });
        setVersion(reply.memberArea.version);
        setForm(areaFormOf(reply.memberArea));
        setErrors({});
        setOutcome({ kind: 'done', text: T.saved(reply.memberArea.name) });
      } else {
        const reply = await create.mutateAsync(areaBodyOf(form));
        outcomeAfterMove = { kind: 'done', text: T.created(reply.memberArea.name) };
        navigate(areaPath(reply.memberArea.id));
      }
    } catch (error) {
      const placed = isOwnerApiError(error) ? areaErrorsFromServer(error.errors) : {};
      setErrors(placed);
      // A 409 without a field (a name taken has one) is a stale version: Reload shows the area as it is now.
      const stale = isOwnerApiError(error) && error.status === 409 && Object.keys(placed).length === 0 && area !== null;
      setOutcome({ kind: 'refused', text: failureText(error), stale });
    }
  };

  const askToDelete = async () => {
    if (!area) return;
    const yes = await confirm({ title: T.deleteTitle(area.name), message: T.deleteMessage(area.activeMemberCount), confirmLabel: T.deleteArea, cancelLabel: T.keepArea, destructive: true });
    if (!yes) return;
    try {
      await remove.mutateAsync(area.id);
      outcomeAfterMove = { kind: 'done', text: T.deleted(area.name) };
      navigate(MEMBERS_PATH);
    } catch (error) {
      setOutcome({ kind: 'refused', text: failureText(error) });
    }
  };

  const fallbackJoin = form.access === 'paid' ? T.joinPaid : T.joinFree;
  const productList = products.data ?? [];
  const chosenMissing = form.paywallProductId && !productList.some((product) => product.id === form.paywallProductId) && area?.paywallProduct;

  return (
    <>
      <p className="members-back">
        <Link to={MEMBERS_PATH}>← {T.back}</Link>
      </p>
      <h2 className="members-area-title">{area ? area.name : T.newArea}</h2>
      <OutcomeLine outcome={outcome} className="members-outcome" ref={outcomeRef} tabIndex={-1}>
        {outcome?.stale && onReload ? (
          <>
            {' '}
            <button type="button" className="button button-secondary members-reload" onClick={() => void onReload()}>
              {T.reload}
            </button>
          </>
        ) : null}
      </OutcomeLine>
      <form className="card members-form" onSubmit={submit} noValidate aria-label={area ? area.name : T.newArea}>
        <fieldset disabled={readOnly || pending} className="members-fieldset">
          <legend className="visually-hidden">{T.details}</legend>
          <div className="field members-field">
            <label htmlFor={ids.name}>{T.name}</label>
            <input id={ids.name} type="text" value={form.name} maxLength={100} required aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? `${ids.name}-error` : undefined} onChange={(event) => change({ name: event.target.value })} />
            {errors.name ? <p id={`${ids.name}-error`} className="field-error">{errors.name}</p> : null}
          </div>
          <div className="field members-field">
            <label htmlFor={ids.description}>{T.description}</label>
            <textarea id={ids.description} value={form.description} maxLength={2000} rows={3} aria-describedby={`${ids.description}-help`} onChange={(event) => change({ description: event.target.value })} />
            <p id={`${ids.description}-help`} className="muted members-help">{T.descriptionHelp}</p>
          </div>
          <fieldset className="members-choice">
            <legend>{T.accessLegend}</legend>
            <label className="members-radio">
              <input type="radio" name="access" value="free" checked={form.access === 'free'} onChange={() => change({ access: 'free' })} />
              <span>{T.free}</span>
            </label>
            <label className="members-radio">
              <input type="radio" name="access" value="paid" checked={form.access === 'paid'} onChange={() => change({ access: 'paid' })} />
              <span>{T.paid}</span>
            </label>
          </fieldset>
          {form.access === 'paid' ? (
            <div className="members-paid">
              <div className="field members-field">
                <label htmlFor={ids.product}>{T.product}</label>
                <select
                  id={ids.product}
                  value={form.paywallProductId}
                  aria-invalid={errors.paywallProductId ? true : undefined}
                  aria-describedby={errors.paywallProductId ? `${ids.product}-error` : undefined}
                  onChange={(event) => change({ paywallProductId: event.target.value })}
                >
                  <option value="">{T.chooseProduct}</option>
                  {chosenMissing && area?.paywallProduct ? <option value={area.paywallProduct.id}>{`${area.paywallProduct.name} (${area.paywallProduct.priceLabel})`}</option> : null}
                  {productList.map((product) => (
                    <option key={product.id} value={product.id}>
                      {product.title}
                    </option>
                  ))}
                </select>
                {products.data && productList.length === 0 && !chosenMissing ? <p className="muted members-help">{T.noPaywallProducts}</p> : null}
                {errors.paywallProductId ? <p id={`${ids.product}-error`} className="field-error">{errors.paywallProductId}</p> : null}
              </div>
              <div className="field members-field members-field-short">
                <label htmlFor={ids.duration}>{T.duration}</label>
                <input
                  id={ids.duration}
                  type="text"
                  inputMode="numeric"
                  value={form.durationDays}
                  aria-invalid={errors.durationDays ? true : undefined}
                  aria-describedby={`${ids.duration}-help${errors.durationDays ? ` ${ids.duration}-error` : ''}`}
                  onChange={(event) => change({ durationDays: event.target.value })}
                />
                <p id={`${ids.duration}-help`} className="muted members-help">{T.durationHelp}</p>
                {errors.durationDays ? <p id={`${ids.duration}-error`} className="field-error">{errors.durationDays}</p> : null}
              </div>
            </div>
          ) : null}
          <div className="field members-field">
            <label htmlFor={ids.join}>{T.joinButton}</label>
            <input id={ids.join} type="text" value={form.joinButtonText} maxLength={60} placeholder={fallbackJoin} aria-describedby={`${ids.join}-help`} onChange={(event) => change({ joinButtonText: event.target.value })} />
            <p id={`${ids.join}-help`} className="muted members-help">{T.joinButtonHelp(fallbackJoin)}</p>
          </div>
          <fieldset className="members-choice members-pages" aria-describedby={`${ids.pages}-help`}>
            <legend>{T.pagesLegend}</legend>
            <p id={`${ids.pages}-help`} className="muted members-help">{T.pagesHelp}</p>
            {tree.isPending && !area ? <Loading /> : null}
            {!tree.isPending && pages.length === 0 ? <p className="muted">{T.noSitePages}</p> : null}
            <ul className="members-page-list">
              {pages.map((page) => (
                <li key={page.id}>
                  <label className="members-check">
                    <input type="checkbox" checked={form.pageIds.includes(page.id)} onChange={(event) => setForm((was) => togglePage(was, page.id, event.target.checked))} />
                    <span className="members-check-text">
                      <span>{page.title}</span>
                      <span className="muted path">{page.fullUrl}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        </fieldset>
        {mayWrite ? (
          <div className="members-actions">
            <button type="submit" className="button button-primary" disabled={pending}>
              {pending ? T.saving : area ? T.save : T.create}
            </button>
            {area ? (
              <button type="button" className="button button-secondary members-delete" disabled={pending || remove.isPending} onClick={() => void askToDelete()}>
                {T.deleteArea}
              </button>
            ) : null}
          </div>
        ) : null}
      </form>
    </>
  );
}
