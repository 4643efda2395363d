import type { FormSubmissionSummaryJson } from '@vitrine/contracts';
import { useState } from 'react';
import { useBoot } from '../../api/client';
import { useCan } from '../../api/hooks';
import { ScreenHeading } from '../../app/ScreenHeading';
import { Link, navigate, setSearch, useLocation } from '../../app/router';
import { useConfirm } from '../../ui/confirm';
import { failureText } from '../../ui/messages';
import { useLocale } from '../../ui/locale';
import { Empty, Loading, LoadFailed } from '../../ui/states';
import { whenText } from './format';
import { exportHref, useDeleteSubmission, useForm, useMarkSpam, useSubmission, useSubmissions, type SpamFilter } from './forms-api';
import { formHref, submissionHref, submissionsHref } from './paths';
import { FORM_TEXTS } from './texts';

/** The submissions' state in the address: `?spam=true|false` (absent: all) and the page's `cursor`. */
export interface SubmissionsState {
  spam: SpamFilter;
  cursor: string;
}

export function readSubmissionsState(search: URLSearchParams): SubmissionsState {
  const spam = search.get('spam');
  const cursor = search.get('cursor') ?? '';
  return { spam: spam === 'true' || spam === 'false' ? spam : '', cursor: /^[A-Za-z0-9_-]{1,300}$/.test(cursor) ? cursor : '' };
}

export function writeSubmissionsState(state: SubmissionsState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.spam) params.set('spam', state.spam);
  if (state.cursor) params.set('cursor', state.cursor);
  return params;
}

/** The first answers of a submission on one line ('Name: Ada Lovelace · Email: ada@example.com'). */
export function summaryLine(submission: FormSubmissionSummaryJson, max = 3): string {
  return submission.summary
    .filter((answer) => answer.answered)
    .slice(0, max)
    .map((answer) => `${answer.title}: ${answer.text}`)
    .join(' · ');
}

const FILTERS: readonly { value: SpamFilter; label: string }[] = [
  { value: '', label: FORM_TEXTS.filterAll },
  { value: 'false', label: FORM_TEXTS.filterNotSpam },
  { value: 'true', label: FORM_TEXTS.filterSpam },
];

/** The form's name for headings: the form's own once read. */
function useFormName(formId: string): string {
  const form = useForm(formId);
  return form.data?.form.name ?? '';
}

/** `/config/forms/<formId>/submissions`: newest first, the spam filter and the page in the address, Export CSV with the same filter. */
export function SubmissionList({ formId }: { formId: string }) {
  const { pathname, search } = useLocation();
  const state = readSubmissionsState(search);
  const list = useSubmissions(formId, state.spam, state.cursor);
  const name = useFormName(formId);
  const locale = useLocale();
  const timeZone = useBoot().website.timeZone;
  const apply = (next: SubmissionsState) => setSearch(pathname, writeSubmissionsState(next));
  const submissions = list.data?.submissions ?? [];

  return (
    <section className="forms">
      <Link to={formHref(formId)} className="forms-back" current={false}>
        ← {name || FORM_TEXTS.builder}
      </Link>
      <ScreenHeading
        actions={
          <a className="button button-secondary" href={exportHref(formId, state.spam)} download aria-describedby="forms-export-description">
            {FORM_TEXTS.exportCsv}
          </a>
        }
      >
        {name ? FORM_TEXTS.submissionsOf(name) : FORM_TEXTS.submissions}
      </ScreenHeading>
      <p id="forms-export-description" className="visually-hidden">{FORM_TEXTS.exportDescription}</p>
      <fieldset className="forms-filter card">
        <legend>{FORM_TEXTS.filter}</legend>
        {FILTERS.map((filter) => (
          <label key={filter.value || 'all'} className={`forms-filter-option${state.spam === filter.value ? ' is-current' : ''}`}>
            <input type="radio" name="forms-spam-filter" value={filter.value} checked={state.spam === filter.value} onChange={() => apply({ spam: filter.value, cursor: '' })} />
            {filter.label}
          </label>
        ))}
      </fieldset>
      {list.isPending ? (
        <Loading />
      ) : list.isError && !list.data ? (
        <LoadFailed error={list.error} retry={() => void list.refetch()} />
      ) : submissions.length === 0 ? (
        <Empty title={state.spam === 'true' ? FORM_TEXTS.noSpam : state.spam === 'false' ? FORM_TEXTS.noNotSpam : FORM_TEXTS.noSubmissions}>
          {state.spam === '' ? <p>{FORM_TEXTS.noSubmissionsText}</p> : null}
        </Empty>
      ) : (
        <div className="card forms-card" aria-busy={list.isPlaceholderData || undefined}>
          <table className="data-table forms-table forms-submissions-table stacks-on-phone">
            <caption className="visually-hidden">{FORM_TEXTS.submissionsCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{FORM_TEXTS.date}</th>
                <th scope="col">{FORM_TEXTS.page}</th>
                <th scope="col">{FORM_TEXTS.summary}</th>
                <th scope="col">{FORM_TEXTS.status}</th>
              </tr>
            </thead>
            <tbody>
              {submissions.map((submission) => {
                const when = whenText(submission.createdAt, locale, timeZone);
                return (
                  <tr key={submission.id} className={submission.isSpam ? 'is-spam' : undefined}>
                    <th scope="row" data-label={FORM_TEXTS.date}>
                      <Link to={submissionHref(formId, submission.id)} current={false} aria-label={FORM_TEXTS.read(when)}>
                        {when}
                      </Link>
                    </th>
                    <td data-label={FORM_TEXTS.page}>{submission.pageTitle || submission.pagePath || '—'}</td>
                    <td data-label={FORM_TEXTS.summary} className="forms-summary-cell">{summaryLine(submission) || '—'}</td>
                    <td data-label={FORM_TEXTS.status}>{submission.isSpam ? <span className="forms-badge forms-badge-spam">{FORM_TEXTS.spamBadge}</span> : <span className="forms-not-spam">{FORM_TEXTS.markNotSpam}</span>}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {list.data?.hasNextPage || state.cursor ? (
            <nav className="forms-pages-nav" aria-label={FORM_TEXTS.pages}>
              {state.cursor ? (
                <button type="button" className="button button-secondary" onClick={() => apply({ ...state, cursor: '' })}>{FORM_TEXTS.firstPage}</button>
              ) : null}
              {list.data?.hasNextPage && list.data.nextPageCursor ? (
                <button type="button" className="button button-secondary" onClick={() => apply({ ...state, cursor: list.data?.nextPageCursor ?? '' })}>{FORM_TEXTS.nextPage}</button>
              ) : null}
            </nav>
          ) : null}
        </div>
      )}
    </section>
  );
}

/** `/config/forms/<formId>/submissions/<submissionId>`: every answer under its field's title as it was when sent; spam and delete for a role that writes forms. */
export function SubmissionView({ formId, submissionId }: { formId: string; submissionId: string }) {
  const query = useSubmission(formId, submissionId);
  const mayWrite = useCan('forms:write');
  const markSpam = useMarkSpam(formId);
  const remove = useDeleteSubmission(formId);
  const { confirm } = useConfirm();
  const locale = useLocale();
  const timeZone = useBoot().website.timeZone;
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const back = (
    <Link to={submissionsHref(formId)} className="forms-back" current={false}>
      ← {FORM_TEXTS.backToSubmissions}
    </Link>
  );
  if (query.isPending || query.isError) {
    return (
      <section className="forms">
        {back}
        <ScreenHeading>{FORM_TEXTS.submissions}</ScreenHeading>
        {query.isPending ? <Loading /> : <LoadFailed error={query.error} retry={() => void query.refetch()} />}
      </section>
    );
  }
  const submission = query.data.submission;
  const when = whenText(submission.createdAt, locale, timeZone);

  const toggleSpam = () => {
    setOutcome(null);
    markSpam.mutate(
      { submissionId, isSpam: !submission.isSpam },
      {
        onSuccess: (reply) => setOutcome({ ok: true, text: reply.submission.isSpam ? FORM_TEXTS.markedSpam : FORM_TEXTS.markedNotSpam }),
        onError: (error) => setOutcome({ ok: false, text: failureText(error) }),
      },
    );
  };
  const deleteIt = async () => {
    setOutcome(null);
    if (!(await confirm({ title: FORM_TEXTS.deleteSubmissionTitle, message: FORM_TEXTS.deleteSubmissionMessage, confirmLabel: FORM_TEXTS.deleteSubmission, destructive: true }))) return;
    try {
      await remove.mutateAsync({ submissionId });
      navigate(submissionsHref(formId));
    } catch (error) {
      setOutcome({ ok: false, text: failureText(error) });
    }
  };

  return (
    <section className="forms">
      {back}
      <ScreenHeading
        actions={
          mayWrite ? (
            <>
              <button type="button" className="button button-secondary" onClick={toggleSpam} disabled={markSpam.isPending}>
                {submission.isSpam ? FORM_TEXTS.markNotSpam : FORM_TEXTS.markSpam}
              </button>
              <button type="button" className="button button-secondary forms-danger" onClick={() => void deleteIt()} disabled={remove.isPending}>
                {FORM_TEXTS.deleteSubmission}
              </button>
            </>
          ) : null
        }
      >
        {submission.formName}: {when}
      </ScreenHeading>
      <div role="status" className="forms-outcome-box">
        {outcome ? <p className={`forms-outcome ${outcome.ok ? 'done' : 'refused'}`}>{outcome.text}</p> : null}
      </div>
      <div className="forms-submission">
        <section className="card forms-answers" aria-labelledby="forms-answers-title">
          <h2 id="forms-answers-title">{FORM_TEXTS.answers}</h2>
          <dl>
            {submission.summary.map((answer) => (
              <div key={answer.fieldId} className={answer.answered ? undefined : 'is-unanswered'}>
                <dt>{answer.title || answer.fieldId}</dt>
                <dd>{answer.text}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="card forms-details" aria-labelledby="forms-details-title">
          <h2 id="forms-details-title">{FORM_TEXTS.details}</h2>
          <dl>
            <div>
              <dt>{FORM_TEXTS.sentAt}</dt>
              <dd>{when}</dd>
            </div>
            <div>
              <dt>{FORM_TEXTS.sentFrom}</dt>
              <dd>{submission.pagePath ? <a href={submission.pagePath}>{submission.pageTitle || submission.pagePath}</a> : '—'}</dd>
            </div>
            <div>
              <dt>{FORM_TEXTS.status}</dt>
              <dd>
                {submission.isSpam ? (
                  <>
                    <span className="forms-badge forms-badge-spam">{FORM_TEXTS.spamBadge}</span> {submission.spamReason ? FORM_TEXTS.spamReasons[submission.spamReason] ?? submission.spamReason : ''}
                  </>
                ) : (
                  FORM_TEXTS.markNotSpam
                )}
              </dd>
            </div>
            <div>
              <dt>{FORM_TEXTS.userAgent}</dt>
              <dd className="forms-user-agent">{submission.userAgent || '—'}</dd>
            </div>
          </dl>
        </section>
      </div>
    </section>
  );
}
