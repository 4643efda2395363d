import type { OwnerFormSummaryJson } from '@vitrine/contracts';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useState } from 'react';
import { useBoot } from '../../api/client';
import { useCan } from '../../api/hooks';
import { ScreenHeading } from '../../app/ScreenHeading';
import { Link, navigate, setSearch, useLocation } from '../../app/router';
import { useConfirm } from '../../ui/confirm';
import { failureText } from '../../ui/messages';
import { useLocale } from '../../ui/locale';
import { Empty, ReadStates } from '../../ui/states';
import { useCreateForm, useDeleteForm, useFormList } from './forms-api';
import { whenText } from './format';
import { formHref, submissionsHref } from './paths';
import { FORM_TEXTS } from './texts';

/** The pages a 409 named ('/contact' → 'Contact'), as 'Contact (/contact)'. */
export function pagesOfRefusal(error: unknown): string | null {
  if (!isOwnerApiError(error) || error.status !== 409) return null;
  const pages = Object.entries(error.errors).map(([path, title]) => `${title} (${path})`);
  return pages.length > 0 ? pages.join(', ') : error.message;
}

/** `/config/forms`: every form with its counts; New form opens the builder on a fresh one; Delete asks first (and again when pages show it). */
export function FormList() {
  const { pathname, search } = useLocation();
  const showDeleted = search.get('deleted') === 'true';
  const list = useFormList(showDeleted);
  const mayWrite = useCan('forms:write');
  const create = useCreateForm();
  const remove = useDeleteForm();
  const { confirm } = useConfirm();
  const locale = useLocale();
  const timeZone = useBoot().website.timeZone;
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const newForm = () => {
    setOutcome(null);
    create.mutate(
      { name: FORM_TEXTS.newFormName },
      {
        onSuccess: (reply) => navigate(formHref(reply.form.id)),
        onError: (error) => setOutcome({ ok: false, text: failureText(error) }),
      },
    );
  };

  const deleteForm = async (form: OwnerFormSummaryJson) => {
    setOutcome(null);
    if (!(await confirm({ title: FORM_TEXTS.deleteTitle(form.name), message: FORM_TEXTS.deleteMessage, confirmLabel: FORM_TEXTS.delete, destructive: true }))) return;
    try {
      await remove.mutateAsync({ formId: form.id, force: false });
    } catch (error) {
      const pages = pagesOfRefusal(error);
      if (pages === null) {
        setOutcome({ ok: false, text: failureText(error) });
        return;
      }
      const anyway = await confirm({ title: FORM_TEXTS.deleteAnywayTitle, message: FORM_TEXTS.deleteAnywayMessage(pages), confirmLabel: FORM_TEXTS.deleteAnyway, destructive: true });
      if (!anyway) return;
      try {
        await remove.mutateAsync({ formId: form.id, force: true });
      } catch (again) {
        setOutcome({ ok: false, text: failureText(again) });
        return;
      }
    }
    setOutcome({ ok: true, text: FORM_TEXTS.deleted(form.name) });
  };

  const forms = list.data?.forms ?? [];
  return (
    <section className="forms">
      <ScreenHeading
        actions={
          mayWrite ? (
            <button type="button" className="button button-primary" onClick={newForm} disabled={create.isPending}>
              {create.isPending ? FORM_TEXTS.creating : FORM_TEXTS.newForm}
            </button>
          ) : null
        }
      >
        {FORM_TEXTS.title}
      </ScreenHeading>
      {!mayWrite ? <p className="forms-note">{FORM_TEXTS.readOnly}</p> : null}
      <div role="status" className="forms-outcome-box">
        {outcome ? <p className={`forms-outcome ${outcome.ok ? 'done' : 'refused'}`}>{outcome.text}</p> : null}
      </div>
      <label className="forms-check forms-show-deleted">
        <input
          type="checkbox"
          checked={showDeleted}
          onChange={(event) => setSearch(pathname, new URLSearchParams(event.target.checked ? { deleted: 'true' } : {}))}
        />
        {FORM_TEXTS.showDeleted}
      </label>
      <ReadStates
        read={list}
        isEmpty={forms.length === 0}
        empty={
          <Empty title={FORM_TEXTS.noForms}>
            <p>{FORM_TEXTS.noFormsText}</p>
          </Empty>
        }
      >
        {() => (
          <div className="card forms-card">
            <table className="data-table forms-table stacks-on-phone">
              <caption className="visually-hidden">{FORM_TEXTS.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{FORM_TEXTS.name}</th>
                  <th scope="col">{FORM_TEXTS.kind}</th>
                  <th scope="col" className="numeric">{FORM_TEXTS.fields}</th>
                  <th scope="col" className="numeric">{FORM_TEXTS.submissions}</th>
                  <th scope="col" className="numeric">{FORM_TEXTS.spam}</th>
                  <th scope="col">{FORM_TEXTS.updated}</th>
                  {mayWrite ? <th scope="col"><span className="visually-hidden">{FORM_TEXTS.actions}</span></th> : null}
                </tr>
              </thead>
              <tbody>
                {forms.map((form) => (
                  <tr key={form.id}>
                    <th scope="row" data-label={FORM_TEXTS.name}>
                      <Link to={formHref(form.id)} className="forms-name" current={false}>
                        {form.name}
                      </Link>
                    </th>
                    <td data-label={FORM_TEXTS.kind}>
                      <span className="forms-badges">
                        <span className={`forms-badge forms-badge-${form.kind}`}>{form.kind === 'newsletter' ? FORM_TEXTS.kindNewsletter : FORM_TEXTS.kindForm}</span>
                        {form.deletedAt ? <span className="forms-badge forms-badge-deleted">{FORM_TEXTS.deletedBadge}</span> : null}
                      </span>
                    </td>
                    <td className="numeric" data-label={FORM_TEXTS.fields}>{form.fieldCount}</td>
                    <td className="numeric" data-label={FORM_TEXTS.submissions}>
                      <Link to={submissionsHref(form.id)} current={false} aria-label={FORM_TEXTS.viewSubmissions(form.name, form.submissionCount)}>
                        {form.submissionCount}
                      </Link>
                    </td>
                    <td className="numeric" data-label={FORM_TEXTS.spam}>{form.spamCount}</td>
                    <td data-label={FORM_TEXTS.updated}>{whenText(form.updatedAt, locale, timeZone)}</td>
                    {mayWrite ? (
                      <td className="forms-row-actions">
                        {form.deletedAt ? null : (
                          <button type="button" className="button button-plain forms-danger" onClick={() => void deleteForm(form)} aria-label={FORM_TEXTS.deleteForm(form.name)}>
                            {FORM_TEXTS.delete}
                          </button>
                        )}
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ReadStates>
    </section>
  );
}
