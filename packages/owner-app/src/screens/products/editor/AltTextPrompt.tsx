import { useEffect, useId, useRef, useState } from 'react';
import { containTab } from '../../../ui/focus';
import { EDITOR_TEXTS as T } from './texts';

/**
 * Asked before a picture is uploaded (issue 31): what the picture shows, for shoppers who cannot see it. Its
 * file name is never used instead; left empty, the storefront names the picture after the product. A modal
 * dialog: focus on the field, contained, Escape or Cancel to give up (nothing is uploaded), focus given back.
 * Settings → Site identity asks it before a logo is uploaded, with its own hint (the answer is the logo's alt text).
 */
export function AltTextPrompt({ file, onUpload, onCancel, hint = T.altTextHint }: { file: File; onUpload: (altText: string) => void; onCancel: () => void; /** Under the field: the product editor's by default (Settings → Site identity has the logo's). */ hint?: string }) {
  const [altText, setAltText] = useState('');
  const dialog = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const fieldId = useId();
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    field.current?.focus();
    return () => opener?.focus();
  }, []);
  // No <form>: the prompt sits inside the product editor's form, and a nested form's submit (or Enter's
  // implicit submission) would reach the editor's Save.
  const submit = () => onUpload(altText.trim());
  return (
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onCancel()}>
      <div
        ref={dialog}
        className="modal alt-text-prompt"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onCancel();
          }
          if (dialog.current) containTab(event, dialog.current);
        }}
      >
        <h2 id={titleId}>{T.describePicture}</h2>
        <div className="alt-text-form">
        <p className="editor-hint">{T.pictureFile(file.name)}</p>
        <div className="editor-field">
          <label htmlFor={fieldId}>{T.altText}</label>
          <input ref={field} id={fieldId} value={altText} maxLength={1000} aria-describedby={`${fieldId}-hint`} onChange={(event) => setAltText(event.target.value)} onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            submit();
          }} />
          <span id={`${fieldId}-hint`} className="editor-hint">{hint}</span>
        </div>
        <div className="modal-actions">
          <button type="button" className="button button-secondary" onClick={onCancel}>{T.cancelUpload}</button>
          <button type="button" className="button button-primary" onClick={submit}>{T.uploadNow}</button>
        </div>
        </div>
      </div>
    </div>
  );
}
