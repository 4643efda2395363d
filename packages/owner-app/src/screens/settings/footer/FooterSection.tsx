import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useCan } from '../../../api/hooks';
import { failureText } from '../../../ui/messages';
import { LoadFailed, Loading } from '../../../ui/states';
import { FOOTER_LIMITS as LIMITS, FOOTER_TEXTS as T, NETWORKS, useFooter, useSaveFooter, type Footer } from './footer-api';
import '../commerce/panels.css';
import './footer.css';
import { Outcome } from '../../../ui/outcome';

/**
 * Settings → Footer (issue 34 item 4): the footer's columns (a title and links, each a text and an address), social
 * links and legal text, as one form. Until the owner saves, the server answers the footer it makes from the site's
 * stores and pages, which the form starts from. Save sends the whole footer; a refused field (a link to a page that
 * does not exist, by 'columns.0.links.1.url') shows its message beside it.
 */
export default function FooterSection({ onSaved }: { onSaved?: () => void } = {}) {
  const query = useFooter();
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailed error={query.error} retry={() => void query.refetch()} />;
  return <FooterForm saved={query.data.footer} isDefault={query.data.isDefault} {...(onSaved ? { onSaved } : {})} />;
}

/** onSaved: the page editor's Footer panel reloads its preview after each save. */
function FooterForm({ saved, isDefault, onSaved }: { saved: Footer; isDefault: boolean; onSaved?: () => void }) {
  const mayWrite = useCan('site:write');
  const save = useSaveFooter();
  const [draft, setDraft] = useState<Footer>(saved);
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState('');
  const id = useId();

  const change = (next: Footer) => {
    setDraft(next);
    setStatus('');
  };
  const setColumn = (c: number, column: Footer['columns'][number]) => change({ ...draft, columns: draft.columns.map((each, i) => (i === c ? column : each)) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    setRefusal('');
    setErrors({});
    save.mutate(draft, {
      onSuccess: (answer) => {
        setDraft(answer.footer);
        setStatus(T.saved);
        onSaved?.();
      },
      onError: (error) => {
        if (isOwnerApiError(error) && Object.keys(error.errors).length > 0) {
          setErrors(error.errors);
          setRefusal(error.message);
        } else setRefusal(failureText(error));
      },
    });
  };

  const field = (key: string) => ({
    'aria-invalid': errors[key] ? (true as const) : undefined,
    'aria-describedby': errors[key] ? `${id}-${key}` : undefined,
  });
  /** A labelled control with its own id; its error (or hint) beside it, outside the label, so the name stays the label's. */
  const labelled = (key: string, label: string, control: (controlId: string) => ReactElement, after?: ReactElement | null, className = '') => (
    <div className={`panel-field ${className}`}>
      <label htmlFor={`${id}-field-${key}`}>{label}</label>
      {control(`${id}-field-${key}`)}
      {after}
      {errorOf(key)}
    </div>
  );
  const errorOf = (key: string) =>
    errors[key] ? (
      <span className="field-error" id={`${id}-${key}`}>
        {errors[key]}
      </span>
    ) : null;

  const setLink = (c: number, l: number, patch: Partial<Footer['columns'][number]['links'][number]>) => {
    const column = draft.columns[c]!;
    setColumn(c, { ...column, links: column.links.map((each, i) => (i === l ? { ...each, ...patch } : each)) });
  };
  const setSocial = (m: number, patch: Partial<Footer['social'][number]>) => change({ ...draft, social: draft.social.map((each, i) => (i === m ? { ...each, ...patch } : each)) });

  return (
    <form className="panel footer-editor" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-intro`}>
      <p id={`${id}-intro`} className="panel-intro">
        {T.intro}
      </p>
      {isDefault ? <p className="panel-help">{T.madeForYou}</p> : null}
      {mayWrite ? null : <p className="panel-notice">{T.readOnly}</p>}
      {errorOf('columns')}
      <div className="footer-editor-columns">
        {draft.columns.map((column, c) => (
          <fieldset key={c} className="card panel-card footer-editor-column">
            <legend>{T.column(c + 1)}</legend>
            {labelled(`columns.${c}.title`, T.columnTitle(c + 1), (controlId) => (
              <input id={controlId} type="text" value={column.title} maxLength={LIMITS.titleLength} readOnly={!mayWrite} {...field(`columns.${c}.title`)} onChange={(event) => setColumn(c, { ...column, title: event.target.value })} />
            ))}
            <ol className="footer-editor-links">
              {column.links.map((link, l) => (
                <li key={l}>
                  {labelled(`columns.${c}.links.${l}.label`, T.linkText(c + 1, l + 1), (controlId) => (
                    <input id={controlId} type="text" value={link.label} maxLength={LIMITS.labelLength} readOnly={!mayWrite} {...field(`columns.${c}.links.${l}.label`)} onChange={(event) => setLink(c, l, { label: event.target.value })} />
                  ))}
                  {labelled(`columns.${c}.links.${l}.url`, T.linkUrl(c + 1, l + 1), (controlId) => (
                    <input id={controlId} type="text" inputMode="url" value={link.url} readOnly={!mayWrite} {...field(`columns.${c}.links.${l}.url`)} onChange={(event) => setLink(c, l, { url: event.target.value })} />
                  ))}
                  {mayWrite ? (
                    <button type="button" className="button button-plain" onClick={() => setColumn(c, { ...column, links: column.links.filter((_, i) => i !== l) })}>
                      {T.removeLink(c + 1, l + 1)}
                    </button>
                  ) : null}
                </li>
              ))}
            </ol>
            <p className="panel-help">{T.urlHint}</p>
            {mayWrite ? (
              <div className="footer-editor-actions">
                <button type="button" className="button button-secondary" disabled={column.links.length >= LIMITS.linksPerColumn} onClick={() => setColumn(c, { ...column, links: [...column.links, { label: '', url: '/' }] })}>
                  {T.addLink(c + 1)}
                </button>
                <button type="button" className="button button-plain" onClick={() => change({ ...draft, columns: draft.columns.filter((_, i) => i !== c) })}>
                  {T.removeColumn(c + 1)}
                </button>
              </div>
            ) : null}
          </fieldset>
        ))}
      </div>
      {mayWrite ? (
        <button type="button" className="button button-secondary" disabled={draft.columns.length >= LIMITS.columns} onClick={() => change({ ...draft, columns: [...draft.columns, { title: '', links: [] }] })}>
          {T.addColumn}
        </button>
      ) : null}
      <fieldset className="card panel-card footer-editor-social">
        <legend>{T.social}</legend>
        {errorOf('social')}
        <ol className="footer-editor-links">
          {draft.social.map((link, m) => (
            <li key={m}>
              {labelled(`social.${m}.network`, T.network(m + 1), (controlId) => (
                <select id={controlId} value={link.network} disabled={!mayWrite} onChange={(event) => setSocial(m, { network: event.target.value as typeof link.network })}>
                  {NETWORKS.map((network) => (
                    <option key={network.value} value={network.value}>
                      {network.name}
                    </option>
                  ))}
                </select>
              ))}
              {labelled(`social.${m}.url`, T.socialUrl(m + 1), (controlId) => (
                <input id={controlId} type="url" value={link.url} readOnly={!mayWrite} onChange={(event) => setSocial(m, { url: event.target.value })} />
              ))}
              {mayWrite ? (
                <button type="button" className="button button-plain" onClick={() => change({ ...draft, social: draft.social.filter((_, i) => i !== m) })}>
                  {T.removeSocial(m + 1)}
                </button>
              ) : null}
            </li>
          ))}
        </ol>
        {mayWrite ? (
          <button type="button" className="button button-secondary" disabled={draft.social.length >= LIMITS.socialLinks} onClick={() => change({ ...draft, social: [...draft.social, { network: 'instagram', url: 'https://' }] })}>
            {T.addSocial}
          </button>
        ) : null}
      </fieldset>
      {labelled(
        'legalText',
        T.legal,
        (controlId) => (
          <textarea id={controlId} value={draft.legalText} maxLength={LIMITS.legalTextLength} readOnly={!mayWrite} rows={2} aria-describedby={`${id}-legal-hint`} {...(errors.legalText ? { 'aria-invalid': true } : {})} onChange={(event) => change({ ...draft, legalText: event.target.value })} />
        ),
        <span id={`${id}-legal-hint`} className="field-hint">
          {T.legalHint}
        </span>,
        'footer-editor-legal',
      )}
      {mayWrite ? (
        <div className="panel-actions">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {save.isPending ? T.saving : T.save}
          </button>
          <Outcome status={status} refusal={refusal} />
        </div>
      ) : null}
    </form>
  );
}
