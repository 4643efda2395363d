import { useEffect, useId, useRef, useState } from 'react';
import {
  MAIL_BLOCK_TYPES, MAIL_TEMPLATE_INFO, isEditableMailTemplate, mailTemplateErrors,
  type EditableMailTemplate, type MailBlock, type MailBlockType, type MailTemplateDraft,
} from '@vitrine/contracts/mail-template-model';
import type { MailPreviewReply, MailTemplateReply } from '@vitrine/contracts';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useCan, useOwner } from '../../api/hooks';
import { Link } from '../../app/router';
import { failureText } from '../../ui/messages';
import { Empty, Loading, LoadFailed, ReadStates } from '../../ui/states';
import { useMailTemplate, useMailTemplates, useTemplateActions } from './templates-api';
import { MailBlockList } from './MailBlockList';
import { TEMPLATE_TEXTS as T } from './texts';

/**
 * Settings → Mail → Templates (issue 38 item 7): the editable mails, each ours or the owner's; an editor of the
 * subject and blocks with the template's variables, the same rules as the server (mail-template-model), a live
 * preview the server renders with sample data (the path real mail takes), a test send to the owner, and reset.
 */
export function TemplatesList() {
  const templates = useMailTemplates();
  return (
    <>
      <p className="mail-intro muted">{T.intro}</p>
      <ReadStates read={templates} isEmpty={false} empty={<Empty title="" />}>
        {(data) => (
          <ul className="card mail-template-list">
            {data.templates.map((each) => (
              <li key={each.name}>
                <Link to={`/config/mail/templates/${each.name}`}>{each.label}</Link>
                <span className="muted"> · {each.recipient} · {each.customized ? T.customized : T.ours}</span>
                {each.lastFallback ? <p className="mail-error">{T.fellBack(each.lastFallback.reason)}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </ReadStates>
    </>
  );
}

export function TemplateEditor({ name }: { name: string }) {
  if (!isEditableMailTemplate(name)) return <Empty title={T.noSuchTemplate} />;
  return <LoadedEditor name={name} />;
}

function LoadedEditor({ name }: { name: EditableMailTemplate }) {
  const template = useMailTemplate(name);
  if (template.isPending) return <Loading />;
  if (template.isError || !template.data) return <LoadFailed error={template.error} retry={() => void template.refetch()} />;
  return <Editor key={name} name={name} template={template.data} />;
}

const draftOf = (template: MailTemplateReply): MailTemplateDraft => ({ subject: template.subject, blocks: template.blocks as MailBlock[] });

const newBlock = (type: MailBlockType): MailBlock =>
  type === 'heading' || type === 'text' ? { type, text: '' } : type === 'button' ? { type, label: '', url: '' } : { type };

function Editor({ name, template }: { name: EditableMailTemplate; template: MailTemplateReply }) {
  const info = MAIL_TEMPLATE_INFO[name];
  const canWrite = useCan('store-settings:write');
  const email = useOwner().data?.siteUser.email ?? '';
  const actions = useTemplateActions(name);
  const [draft, setDraft] = useState<MailTemplateDraft>(() => draftOf(template));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState('');
  const localErrors = mailTemplateErrors(name, draft);
  const errors = { ...serverErrors, ...localErrors };
  const preview = usePreview(actions.preview, draft, Object.keys(localErrors).length === 0);
  const id = useId();

  const change = (next: MailTemplateDraft) => {
    setDraft(next);
    setServerErrors({});
  };
  const refused = (error: unknown) => {
    if (isOwnerApiError(error)) setServerErrors(error.errors);
    setOutcome(failureText(error));
  };
  const save = () => actions.save.mutate(draft, { onSuccess: () => setOutcome(T.saved), onError: refused });
  const reset = () => actions.reset.mutate(undefined, { onSuccess: (answer) => { change(draftOf(answer)); setOutcome(T.resetDone); }, onError: refused });
  const sendTest = () => actions.test.mutate(draft, { onSuccess: (answer) => setOutcome(T.testSent(answer.sentTo)), onError: refused });
  const hasErrors = Object.keys(localErrors).length > 0;

  return (
    <div className="mail-template-editor">
      <p className="mail-back">
        <Link to="/config/mail/templates"><span aria-hidden="true">← </span>{T.back}</Link>
      </p>
      <h2>{info.label}</h2>
      <p className="muted">{T.recipient(info.recipient)} · {template.customized ? T.customized : T.ours}</p>
      {template.lastFallback ? <p className="mail-error" role="note">{T.fellBack(template.lastFallback.reason)}</p> : null}
      <div className="mail-template-columns">
        <form className="card mail-template-form" onSubmit={(event) => { event.preventDefault(); save(); }} noValidate>
          <Field id={`${id}-subject`} label={T.subject} error={errors.subject}>
            <input id={`${id}-subject`} value={draft.subject} readOnly={!canWrite} onChange={(event) => change({ ...draft, subject: event.target.value })} aria-invalid={Boolean(errors.subject)} aria-describedby={errors.subject ? `${id}-subject-error` : undefined} />
          </Field>
          <MailBlockList
            blocks={draft.blocks}
            types={MAIL_BLOCK_TYPES.filter((type) => type !== 'summary' || info.summary).map((type) => ({ type, label: T.blockTypes[type] }))}
            newBlock={newBlock}
            renderFields={(block, index, onChange) => <BlockFields block={block} at={`${id}-b${index}`} errors={errors} index={index} readOnly={!canWrite} onChange={onChange} />}
            onChange={(blocks) => change({ ...draft, blocks })}
            editable={canWrite}
            errors={errors}
            idPrefix={id}
          />
          <section aria-labelledby={`${id}-vars`}>
            <h3 id={`${id}-vars`}>{T.variables}</h3>
            <dl className="mail-variables">
              {Object.entries(info.variables).map(([variable, meaning]) => (
                <div key={variable}><dt><code>{`{{${variable}}}`}</code></dt><dd>{meaning}</dd></div>
              ))}
            </dl>
          </section>
          {canWrite ? (
            <div className="mail-template-actions">
              <button type="submit" className="button button-primary" disabled={actions.save.isPending || hasErrors}>{T.save}</button>
              <button type="button" className="button button-secondary" disabled={actions.test.isPending || hasErrors} onClick={sendTest}>{T.sendTest}</button>
              <button type="button" className="button button-secondary" disabled={actions.reset.isPending || !template.customized} onClick={reset}>{T.reset}</button>
            </div>
          ) : null}
          {canWrite ? <p className="muted">{T.testTo(email)}</p> : null}
          <p role="status" className="mail-outcome">{outcome}</p>
        </form>
        <section className="card mail-template-preview" aria-labelledby={`${id}-preview`}>
          <h3 id={`${id}-preview`}>{T.preview}</h3>
          {preview.error ? <p className="mail-error">{preview.error}</p> : null}
          {preview.answer ? (
            <>
              <p><strong>{T.subject}:</strong> <span data-testid="preview-subject">{preview.answer.subject}</span></p>
              <iframe className="mail-frame" sandbox="" srcDoc={preview.answer.html} title={T.previewFrame} referrerPolicy="no-referrer" />
            </>
          ) : !preview.error ? <Loading /> : null}
        </section>
      </div>
    </div>
  );
}

export function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? <p className="field-error" id={`${id}-error`}>{error}</p> : null}
    </div>
  );
}

function BlockFields({ block, at, errors, index, readOnly, onChange }: { block: MailBlock; at: string; errors: Record<string, string>; index: number; readOnly: boolean; onChange: (block: MailBlock) => void }) {
  const error = (field: string) => errors[`blocks.${index}.${field}`];
  const described = (field: string) => (error(field) ? `${at}-${field}-error` : undefined);
  switch (block.type) {
    case 'heading':
      return <Field id={`${at}-text`} label={T.headingText} error={error('text')}><input id={`${at}-text`} value={block.text} readOnly={readOnly} aria-invalid={Boolean(error('text'))} aria-describedby={described('text')} onChange={(event) => onChange({ ...block, text: event.target.value })} /></Field>;
    case 'text':
      return <Field id={`${at}-text`} label={T.text} error={error('text')}><textarea id={`${at}-text`} rows={3} value={block.text} readOnly={readOnly} aria-invalid={Boolean(error('text'))} aria-describedby={described('text')} onChange={(event) => onChange({ ...block, text: event.target.value })} /></Field>;
    case 'button':
      return (
        <>
          <Field id={`${at}-label`} label={T.buttonLabel} error={error('label')}><input id={`${at}-label`} value={block.label} readOnly={readOnly} aria-invalid={Boolean(error('label'))} aria-describedby={described('label')} onChange={(event) => onChange({ ...block, label: event.target.value })} /></Field>
          <Field id={`${at}-url`} label={T.buttonUrl} error={error('url')}><input id={`${at}-url`} value={block.url} readOnly={readOnly} aria-invalid={Boolean(error('url'))} aria-describedby={described('url')} onChange={(event) => onChange({ ...block, url: event.target.value })} /></Field>
        </>
      );
    case 'summary':
      return <p className="muted">{T.summaryHelp}</p>;
    default:
      return null;
  }
}

/** The server's render of the draft, asked again 400 ms after the owner stops typing (only a draft that keeps the rules). */
export function usePreview<D>(render: (draft: D) => Promise<MailPreviewReply>, draft: D, valid: boolean) {
  const [state, setState] = useState<{ answer?: MailPreviewReply; error?: string }>({});
  const latest = useRef(0);
  const key = JSON.stringify(draft);
  useEffect(() => {
    if (!valid) return;
    const ask = ++latest.current;
    const timer = setTimeout(() => {
      render(JSON.parse(key) as D).then(
        (answer) => { if (ask === latest.current) setState({ answer }); },
        (error: unknown) => { if (ask === latest.current) setState((previous) => ({ answer: previous.answer, error: failureText(error) })); },
      );
    }, 400);
    return () => clearTimeout(timer);
    // The draft by value: a new object with the same content asks nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, valid]);
  return state;
}
