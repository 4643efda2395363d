import { useId, useRef, useState, type FormEvent } from 'react';
import type { NotFoundPathJson, RedirectBody, RedirectJson } from '@vitrine/contracts';
import { formatDateTime } from '@vitrine/format/dates';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useBoot } from '../../../api/client';
import { useConfirm } from '../../../ui/confirm';
import { useLocale } from '../../../ui/locale';
import { failureText } from '../../../ui/messages';
import { ReadStates } from '../../../ui/states';
import {
  REDIRECT_EXPORT_URL, REDIRECT_TEXTS, useDeleteRedirect, useDismissNotFound, useImportRedirects, useNotFoundReport, useRedirects, useSaveRedirect,
} from './redirects-api';
import '../commerce/panels.css';
import './redirects.css';

type Message = { kind: 'status' | 'refusal'; text: string } | null;
type Draft = { id?: string; source: string; target: string; status: 301 | 302; keepQuery: boolean };
const EMPTY: Draft = { source: '', target: '', status: 301, keepQuery: true };

/**
 * Settings → URL redirects (issue 37 item 2): add, change and delete redirects (301 or 302, exact paths or wildcards,
 * the query kept or dropped), import and export them as CSV, and the not-found report with a "Redirect…" for each
 * missed address (it fills the form's old address and moves to the new one).
 */
export default function RedirectsSection() {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const targetField = useRef<HTMLInputElement>(null);
  const sourceField = useRef<HTMLInputElement>(null);
  const redirectFrom = (path: string) => {
    setDraft({ ...EMPTY, source: path });
    // After the form shows the path: the owner types where it should go.
    requestAnimationFrame(() => {
      targetField.current?.scrollIntoView({ block: 'center' });
      targetField.current?.focus();
    });
  };
  const edit = (redirect: RedirectJson) => {
    setDraft({ id: redirect.id, source: redirect.source, target: redirect.target, status: redirect.status, keepQuery: redirect.keepQuery });
    requestAnimationFrame(() => {
      sourceField.current?.scrollIntoView({ block: 'center' });
      sourceField.current?.focus();
    });
  };
  return (
    <div className="panel">
      <p className="panel-intro">{REDIRECT_TEXTS.intro}</p>
      <RedirectForm draft={draft} setDraft={setDraft} sourceField={sourceField} targetField={targetField} />
      <RedirectList onEdit={edit} />
      <NotFoundReport onRedirect={redirectFrom} />
      <CsvCard />
    </div>
  );
}

function RedirectForm({ draft, setDraft, sourceField, targetField }: {
  draft: Draft;
  setDraft: (draft: Draft) => void;
  sourceField: React.RefObject<HTMLInputElement | null>;
  targetField: React.RefObject<HTMLInputElement | null>;
}) {
  const save = useSaveRedirect();
  const [errors, setErrors] = useState<Partial<Record<'source' | 'target' | 'status', string>>>({});
  const [message, setMessage] = useState<Message>(null);
  const id = useId();
  const editing = draft.id !== undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (!draft.source.trim() || !draft.target.trim()) {
      setErrors({ ...(draft.source.trim() ? {} : { source: REDIRECT_TEXTS.required }), ...(draft.target.trim() ? {} : { target: REDIRECT_TEXTS.required }) });
      (draft.source.trim() ? targetField : sourceField).current?.focus();
      return;
    }
    const body: RedirectBody = { source: draft.source.trim(), target: draft.target.trim(), status: draft.status, keepQuery: draft.keepQuery };
    save.mutate(
      { id: draft.id, body },
      {
        onSuccess: ({ redirect }) => {
          setErrors({});
          setMessage({ kind: 'status', text: editing ? REDIRECT_TEXTS.saved(redirect.source) : REDIRECT_TEXTS.added(redirect.source) });
          setDraft(EMPTY);
        },
        onError: (failure) => {
          const fieldErrors = isOwnerApiError(failure) ? (failure.errors ?? {}) : {};
          setErrors(fieldErrors);
          setMessage(fieldErrors.source || fieldErrors.target || fieldErrors.status ? null : { kind: 'refusal', text: failureText(failure) });
          (fieldErrors.target && !fieldErrors.source ? targetField : sourceField).current?.focus();
        },
      },
    );
  };

  return (
    <section className="card panel-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{editing ? REDIRECT_TEXTS.editTitle(draft.source) : REDIRECT_TEXTS.addTitle}</h2>
      <form className="redirect-form" onSubmit={onSubmit} noValidate>
        <PathField id={`${id}-source`} label={REDIRECT_TEXTS.source} help={REDIRECT_TEXTS.sourceHelp} field={sourceField} value={draft.source} error={errors.source} onChange={(source) => setDraft({ ...draft, source })} />
        <PathField id={`${id}-target`} label={REDIRECT_TEXTS.target} help={REDIRECT_TEXTS.targetHelp} field={targetField} value={draft.target} error={errors.target} onChange={(target) => setDraft({ ...draft, target })} />
        <div className="panel-field">
          <label htmlFor={`${id}-status`}>{REDIRECT_TEXTS.type}</label>
          <select id={`${id}-status`} className="panel-narrow" value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value === '302' ? 302 : 301 })}>
            <option value="301">{REDIRECT_TEXTS.permanent}</option>
            <option value="302">{REDIRECT_TEXTS.temporary}</option>
          </select>
        </div>
        <div className="panel-check">
          <input id={`${id}-query`} type="checkbox" checked={draft.keepQuery} onChange={(event) => setDraft({ ...draft, keepQuery: event.target.checked })} />
          <label htmlFor={`${id}-query`}>{REDIRECT_TEXTS.keepQuery}</label>
        </div>
        <div className="panel-actions">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {editing ? (save.isPending ? REDIRECT_TEXTS.saving : REDIRECT_TEXTS.save) : save.isPending ? REDIRECT_TEXTS.adding : REDIRECT_TEXTS.add}
          </button>
          {editing ? (
            <button type="button" className="button button-secondary" onClick={() => { setDraft(EMPTY); setErrors({}); }}>
              {REDIRECT_TEXTS.cancel}
            </button>
          ) : null}
        </div>
      </form>
      <p role="status" className="panel-status">{message?.kind === 'status' ? message.text : ''}</p>
      <p role="alert" className="panel-error">{message?.kind === 'refusal' ? message.text : ''}</p>
    </section>
  );
}

/** A rule's address field (its old address or its target): typed as written, with its help and its error. */
function PathField({ id, label, help, field, value, error, onChange }: {
  id: string;
  label: string;
  help: string;
  field: React.RefObject<HTMLInputElement | null>;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div className="panel-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={field}
        id={id}
        type="text"
        className="panel-mono"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help ${id}-error`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-help`} className="panel-help">{help}</p>
      <p id={`${id}-error`} className="panel-error">{error ?? ''}</p>
    </div>
  );
}

function RedirectList({ onEdit }: { onEdit: (redirect: RedirectJson) => void }) {
  const [search, setSearch] = useState('');
  const redirects = useRedirects(search.trim());
  const remove = useDeleteRedirect();
  const { confirm } = useConfirm();
  const [message, setMessage] = useState<Message>(null);
  const id = useId();

  const onDelete = async (redirect: RedirectJson) => {
    setMessage(null);
    const yes = await confirm({ title: REDIRECT_TEXTS.deleteTitle, message: REDIRECT_TEXTS.deleteMessage(redirect.source), confirmLabel: REDIRECT_TEXTS.delete, destructive: true });
    if (!yes) return;
    remove.mutate(redirect.id, {
      onSuccess: () => setMessage({ kind: 'status', text: REDIRECT_TEXTS.deleted(redirect.source) }),
      onError: (error) => setMessage({ kind: 'refusal', text: failureText(error) }),
    });
  };

  return (
    <section className="card panel-card panel-table-card" aria-labelledby={`${id}-list`}>
      <header>
        <h2 id={`${id}-list`}>{REDIRECT_TEXTS.listTitle}</h2>
        <div className="panel-field redirect-search">
          <label htmlFor={`${id}-search`} className="visually-hidden">{REDIRECT_TEXTS.search}</label>
          <input id={`${id}-search`} type="search" placeholder={REDIRECT_TEXTS.search} value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
      </header>
      <p role="status" className="panel-status">{message?.kind === 'status' ? message.text : ''}</p>
      <p role="alert" className="panel-error">{message?.kind === 'refusal' ? message.text : ''}</p>
      <ReadStates read={redirects}>
        {(data) => {
          const rows = data.pages.flatMap((page) => page.redirects);
          const total = data.pages[0]?.total ?? 0;
          if (rows.length === 0) return <p className="panel-empty">{search.trim() ? REDIRECT_TEXTS.noMatch : REDIRECT_TEXTS.none}</p>;
          return (
            <>
              <table className="panel-table redirect-table" aria-labelledby={`${id}-list`}>
                <thead>
                  <tr>
                    <th scope="col">{REDIRECT_TEXTS.source}</th>
                    <th scope="col">{REDIRECT_TEXTS.target}</th>
                    <th scope="col">{REDIRECT_TEXTS.type}</th>
                    <th scope="col">Query</th>
                    <th scope="col">Made by</th>
                    <th scope="col"><span className="visually-hidden">Actions</span></th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((redirect) => (
                    <tr key={redirect.id}>
                      <th scope="row" className="panel-mono">{redirect.source}</th>
                      <td data-label={REDIRECT_TEXTS.target} className="panel-mono">{redirect.target}</td>
                      <td data-label={REDIRECT_TEXTS.type}>{redirect.status}</td>
                      <td data-label="Query">{redirect.keepQuery ? 'Kept' : 'Dropped'}</td>
                      <td data-label="Made by">{REDIRECT_TEXTS.origin[redirect.origin]}</td>
                      <td className="panel-cell-actions">
                        <div className="panel-actions">
                          <button type="button" className="button button-secondary button-small" aria-label={REDIRECT_TEXTS.editOf(redirect.source)} onClick={() => onEdit(redirect)}>
                            {REDIRECT_TEXTS.edit}
                          </button>
                          <button type="button" className="button button-secondary button-small" aria-label={REDIRECT_TEXTS.deleteOf(redirect.source)} disabled={remove.isPending} onClick={() => void onDelete(redirect)}>
                            {REDIRECT_TEXTS.delete}
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div className="redirect-footer panel-actions">
                <span className="panel-help">{REDIRECT_TEXTS.count(rows.length, total)}</span>
                {redirects.hasNextPage ? (
                  <button type="button" className="button button-secondary button-small" disabled={redirects.isFetchingNextPage} onClick={() => void redirects.fetchNextPage()}>
                    {REDIRECT_TEXTS.more}
                  </button>
                ) : null}
              </div>
            </>
          );
        }}
      </ReadStates>
    </section>
  );
}

function NotFoundReport({ onRedirect }: { onRedirect: (path: string) => void }) {
  const report = useNotFoundReport();
  const dismiss = useDismissNotFound();
  const locale = useLocale();
  const timeZone = useBoot().website.timeZone;
  const id = useId();
  const when = (at: string) => formatDateTime(Date.parse(at), { locale, timeZone, dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="card panel-card panel-table-card" aria-labelledby={`${id}-title`}>
      <header>
        <h2 id={`${id}-title`}>{REDIRECT_TEXTS.notFoundTitle}</h2>
      </header>
      <p className="panel-help redirect-report-intro">{REDIRECT_TEXTS.notFoundIntro}</p>
      <ReadStates read={report}>
        {({ paths }) =>
          paths.length === 0 ? (
            <p className="panel-empty">{REDIRECT_TEXTS.notFoundNone}</p>
          ) : (
            <table className="panel-table redirect-table" aria-labelledby={`${id}-title`}>
              <thead>
                <tr>
                  <th scope="col">Address</th>
                  <th scope="col">{REDIRECT_TEXTS.hits}</th>
                  <th scope="col">{REDIRECT_TEXTS.lastSeen}</th>
                  <th scope="col"><span className="visually-hidden">Actions</span></th>
                </tr>
              </thead>
              <tbody>
                {paths.map((entry: NotFoundPathJson) => (
                  <tr key={entry.id}>
                    <th scope="row" className="panel-mono">{entry.path}</th>
                    <td data-label={REDIRECT_TEXTS.hits}>{entry.hits.toLocaleString(locale)}</td>
                    <td data-label={REDIRECT_TEXTS.lastSeen}>{when(entry.lastSeenAt)}</td>
                    <td className="panel-cell-actions">
                      <div className="panel-actions">
                        <button type="button" className="button button-primary button-small" aria-label={REDIRECT_TEXTS.redirectOf(entry.path)} onClick={() => onRedirect(entry.path)}>
                          {REDIRECT_TEXTS.redirectFrom}
                        </button>
                        <button type="button" className="button button-secondary button-small" aria-label={REDIRECT_TEXTS.dismissOf(entry.path)} disabled={dismiss.isPending} onClick={() => dismiss.mutate(entry.id)}>
                          {REDIRECT_TEXTS.dismiss}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </ReadStates>
    </section>
  );
}

function CsvCard() {
  const importer = useImportRedirects();
  const file = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<Message>(null);
  const [rowErrors, setRowErrors] = useState<Array<[string, string]>>([]);
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setRowErrors([]);
    const chosen = file.current?.files?.[0];
    if (!chosen) {
      setMessage({ kind: 'refusal', text: REDIRECT_TEXTS.chooseFile });
      file.current?.focus();
      return;
    }
    importer.mutate(chosen, {
      onSuccess: (reply) => {
        setMessage({ kind: 'status', text: REDIRECT_TEXTS.imported(reply) });
        if (file.current) file.current.value = '';
      },
      onError: (failure) => {
        setMessage({ kind: 'refusal', text: failureText(failure) });
        setRowErrors(isOwnerApiError(failure) && failure.errors ? Object.entries(failure.errors) : []);
      },
    });
  };

  return (
    <section className="card panel-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{REDIRECT_TEXTS.csvTitle}</h2>
      <p className="panel-intro">{REDIRECT_TEXTS.csvIntro}</p>
      <form className="panel-actions" onSubmit={onSubmit} noValidate>
        <div className="panel-field">
          <label htmlFor={`${id}-file`}>{REDIRECT_TEXTS.file}</label>
          <input ref={file} id={`${id}-file`} type="file" accept=".csv,text/csv" onChange={() => setMessage(null)} />
        </div>
        <button type="submit" className="button button-primary" disabled={importer.isPending}>
          {importer.isPending ? REDIRECT_TEXTS.importing : REDIRECT_TEXTS.import}
        </button>
        <a className="button button-secondary" href={REDIRECT_EXPORT_URL} download>
          {REDIRECT_TEXTS.export}
        </a>
      </form>
      <p role="status" className="panel-status">{message?.kind === 'status' ? message.text : ''}</p>
      <div role="alert">
        {message?.kind === 'refusal' ? <p className="panel-error">{message.text}</p> : null}
        {rowErrors.length > 0 ? (
          <ul className="redirect-row-errors">
            {rowErrors.map(([row, text]) => (
              <li key={row}>
                <strong>{row}</strong> {text}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
