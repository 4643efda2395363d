import { useId, useRef, useState, type FormEvent } from 'react';
import { useBoot } from '../../../api/client';
import { useCan } from '../../../api/hooks';
import { failureText } from '../../../ui/messages';
import { LoadFailed, Loading } from '../../../ui/states';
import {
  characterCount,
  HEADER_FOOTER_TEXTS as TEXTS,
  isOverLimit,
  previewDocument,
  useHeaderFooter,
  useSaveHeaderFooter,
  wrapSelection,
  type HeaderFooter,
} from './header-footer-api';
import '../commerce/panels.css';
import './header-footer.css';
import { Outcome } from '../../../ui/outcome';

/**
 * Settings → Header and footer: the site's own HTML above and below every page. Each part is a text box with a
 * small toolbar (bold, italic, link) and a character counter against the 20,000 limit; a live preview renders the
 * draft in a sandboxed srcdoc frame; Save sends both, and the boxes then hold the server's sanitised answer.
 */
export default function HeaderFooterSection() {
  const query = useHeaderFooter();
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailed error={query.error} retry={() => void query.refetch()} />;
  return <HeaderFooterForm saved={query.data} />;
}

function HeaderFooterForm({ saved }: { saved: HeaderFooter }) {
  const mayWrite = useCan('site:write');
  const boot = useBoot();
  const save = useSaveHeaderFooter();
  // The draft is the owner's until a save answers: a refetch or a failed save never overwrites it.
  const [draft, setDraft] = useState<HeaderFooter>(saved);
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState('');
  const id = useId();
  const changed = draft.header !== saved.header || draft.footer !== saved.footer;

  const edit = (part: keyof HeaderFooter, value: string) => {
    setDraft((current) => ({ ...current, [part]: value }));
    setStatus('');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    setRefusal('');
    if (isOverLimit(draft.header) || isOverLimit(draft.footer)) {
      setRefusal(TEXTS.fixFirst);
      return;
    }
    const sent = draft;
    save.mutate(sent, {
      onSuccess: (answer) => {
        setDraft(answer);
        setStatus(answer.header === sent.header && answer.footer === sent.footer ? TEXTS.saved : TEXTS.cleaned);
      },
      onError: (error) => setRefusal(failureText(error)),
    });
  };

  return (
    <form className="panel header-footer" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-intro`}>
      <p id={`${id}-intro`} className="panel-intro">
        {TEXTS.intro}
      </p>
      <p className="panel-help">{TEXTS.allowed}</p>
      {mayWrite ? null : <p className="panel-notice">{TEXTS.readOnly}</p>}
      <div className="header-footer-grid">
        <div className="header-footer-editors">
          <HtmlEditor part="header" label={TEXTS.header} value={draft.header} mayWrite={mayWrite} onChange={(value) => edit('header', value)} />
          <HtmlEditor part="footer" label={TEXTS.footer} value={draft.footer} mayWrite={mayWrite} onChange={(value) => edit('footer', value)} />
        </div>
        <section className="card panel-card header-footer-preview" aria-labelledby={`${id}-preview`}>
          <h2 id={`${id}-preview`}>{TEXTS.preview}</h2>
          <p className="panel-help">{TEXTS.previewHelp}</p>
          <iframe className="header-footer-frame" sandbox="" srcDoc={previewDocument(draft, boot.website.title)} title={TEXTS.previewFrame} referrerPolicy="no-referrer" />
        </section>
      </div>
      {mayWrite ? (
        <div className="panel-actions header-footer-actions">
          <button type="submit" className="button button-primary" disabled={save.isPending || !changed}>
            {save.isPending ? TEXTS.saving : TEXTS.save}
          </button>
          <Outcome status={status} refusal={refusal} />
        </div>
      ) : null}
    </form>
  );
}

function HtmlEditor({ part, label, value, mayWrite, onChange }: { part: string; label: string; value: string; mayWrite: boolean; onChange: (value: string) => void }) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const count = characterCount(value);
  const over = isOverLimit(value);

  const format = (kind: 'bold' | 'italic' | 'link') => {
    const element = area.current;
    if (!element) return;
    const next = wrapSelection(value, element.selectionStart, element.selectionEnd, kind);
    onChange(next.text);
    requestAnimationFrame(() => {
      element.focus();
      element.setSelectionRange(next.selectionStart, next.selectionEnd);
    });
  };

  return (
    <section className="card panel-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{label}</h2>
      <div className="panel-field">
        <div className="header-footer-labelrow">
          <label htmlFor={id}>{`${label} HTML`}</label>
          {mayWrite ? (
            <div role="toolbar" aria-label={TEXTS.toolbar(label)} aria-controls={id} className="header-footer-toolbar">
              <button type="button" className="button button-secondary button-small" onClick={() => format('bold')}>
                <strong aria-hidden="true">B</strong>
                <span className="visually-hidden">{TEXTS.bold}</span>
              </button>
              <button type="button" className="button button-secondary button-small" onClick={() => format('italic')}>
                <em aria-hidden="true">I</em>
                <span className="visually-hidden">{TEXTS.italic}</span>
              </button>
              <button type="button" className="button button-secondary button-small" onClick={() => format('link')}>
                {TEXTS.link}
              </button>
            </div>
          ) : null}
        </div>
        <textarea
          ref={area}
          id={id}
          name={part}
          className="header-footer-html"
          rows={6}
          spellCheck={false}
          value={value}
          readOnly={!mayWrite}
          aria-invalid={over ? true : undefined}
          aria-describedby={`${id}-count${over ? ` ${id}-error` : ''}`}
          onChange={(event) => onChange(event.target.value)}
        />
        <p id={`${id}-count`} className={`panel-help header-footer-count${over ? ' is-over' : ''}`}>
          {TEXTS.counter(count)}
        </p>
        {over ? (
          <p id={`${id}-error`} className="panel-error">
            {TEXTS.tooLong(label)}
          </p>
        ) : null}
      </div>
    </section>
  );
}
