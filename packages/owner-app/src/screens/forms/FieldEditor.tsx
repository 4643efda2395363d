import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { FieldDefinition } from '@vitrine/forms/fields';
import { canBeRequired, fieldName, hasOptions, hasPlaceholder, KIND_LABELS, optionsFromText } from './builder-state';
import { FORM_TEXTS } from './texts';

/**
 * One field's settings (platform §3's editor properties of its kind): label, description, required,
 * placeholder, the textarea's character limit, the phone's country code, the section's underline, the
 * options of radio/checkbox/select/likert (one a line), the hidden field's key and value. Each change goes
 * to the draft at once, so the preview follows; the build section's Save sends it.
 */
export function FieldEditor({ field, errors, onChange, onDone, readOnly }: {
  field: FieldDefinition;
  errors: Readonly<Record<string, string>>;
  onChange: (field: FieldDefinition) => void;
  onDone: () => void;
  readOnly: boolean;
}) {
  const id = useId();
  const labelRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!readOnly) labelRef.current?.focus();
  }, [readOnly]);
  // The options as typed (blank lines kept while typing); the field gets the non-blank lines.
  const [optionsText, setOptionsText] = useState(() => ('options' in field ? field.options.join('\n') : ''));

  const set = (patch: Record<string, unknown>) => {
    const next: Record<string, unknown> = { ...field, ...patch };
    for (const [key, value] of Object.entries(patch)) if (value === undefined) delete next[key];
    onChange(next as unknown as FieldDefinition);
  };
  const errorOf = (property: string): string | undefined =>
    errors[property] ?? (property === 'options' ? Object.entries(errors).find(([key]) => key.startsWith('options'))?.[1] : undefined);

  const row = (property: string, label: string, control: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode, hint?: string) => {
    const controlId = `${id}-${property}`;
    const error = errorOf(property);
    const describedBy = [error ? `${controlId}-e` : '', hint ? `${controlId}-h` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className="forms-control">
        <label htmlFor={controlId}>{label}</label>
        {control({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
        {hint ? <span id={`${controlId}-h`} className="field-hint">{hint}</span> : null}
        {error ? (
          <span id={`${controlId}-e`} className="field-error">
            {error}
          </span>
        ) : null}
      </div>
    );
  };
  const check = (property: string, label: string, checked: boolean) => (
    <label className="forms-check">
      <input type="checkbox" checked={checked} onChange={(event) => set({ [property]: event.target.checked ? true : undefined })} />
      {label}
    </label>
  );
  const other = errorOf('field') ?? errorOf('type') ?? errorOf('id');

  return (
    <fieldset className="forms-field-editor" disabled={readOnly}>
      <legend className="visually-hidden">{FORM_TEXTS.fieldEditor(fieldName(field))}</legend>
      <p className="forms-field-kind">{KIND_LABELS[field.type]}</p>
      {row('title', FORM_TEXTS.label, (props) => <input ref={labelRef} type="text" value={field.title} onChange={(event) => set({ title: event.target.value })} {...props} />)}
      {field.type !== 'hidden'
        ? row('description', FORM_TEXTS.description, (props) => <textarea rows={2} value={field.description ?? ''} onChange={(event) => set({ description: event.target.value || undefined })} {...props} />)
        : null}
      {hasPlaceholder(field.type)
        ? row('placeholder', FORM_TEXTS.placeholder, (props) => (
            <input type="text" value={('placeholder' in field && field.placeholder) || ''} onChange={(event) => set({ placeholder: event.target.value || undefined })} {...props} />
          ))
        : null}
      {field.type === 'textarea'
        ? row(
            'maxLength',
            FORM_TEXTS.maxLength,
            (props) => (
              <input
                type="number"
                inputMode="numeric"
                min={1}
                value={field.maxLength ?? ''}
                onChange={(event) => set({ maxLength: event.target.value === '' ? undefined : Number(event.target.value) })}
                {...props}
              />
            ),
            FORM_TEXTS.maxLengthHint,
          )
        : null}
      {hasOptions(field.type)
        ? row(field.type === 'likert' ? 'options' : 'options', field.type === 'likert' ? FORM_TEXTS.questions : FORM_TEXTS.options, (props) => (
            <textarea
              rows={4}
              value={optionsText}
              onChange={(event) => {
                setOptionsText(event.target.value);
                set({ options: optionsFromText(event.target.value) });
              }}
              {...props}
            />
          ))
        : null}
      {field.type === 'hidden' ? (
        <>
          {row('key', FORM_TEXTS.hiddenKey, (props) => <input type="text" value={field.key} spellCheck={false} onChange={(event) => set({ key: event.target.value })} {...props} />)}
          {row('value', FORM_TEXTS.hiddenValue, (props) => <input type="text" value={field.value} onChange={(event) => set({ value: event.target.value })} {...props} />)}
        </>
      ) : null}
      <div className="forms-checks">
        {canBeRequired(field.type) ? check('required', FORM_TEXTS.required, field.required === true) : null}
        {field.type === 'phone' ? check('showCountryCode', FORM_TEXTS.showCountryCode, field.showCountryCode === true) : null}
        {field.type === 'section' ? check('underline', FORM_TEXTS.underline, field.underline === true) : null}
      </div>
      {other ? <p className="field-error">{other}</p> : null}
      <div>
        <button type="button" className="button button-secondary" onClick={onDone}>
          {FORM_TEXTS.done}
        </button>
      </div>
    </fieldset>
  );
}
