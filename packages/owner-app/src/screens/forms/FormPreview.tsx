import { useId, useState, type ReactNode } from 'react';
import type { FormDefinition } from '@vitrine/forms/definition';
import { maxLengthCounter } from '@vitrine/forms/counter';
import { FIELD_PART_LABELS, FIELD_PARTS, LIKERT_ANSWERS, LIKERT_LABELS, REQUIRED_PARTS, TIME_PERIODS, type FieldDefinition } from '@vitrine/forms/fields';
import { FORM_TEXTS } from './texts';

/**
 * The live preview: the form as the site's form block draws it (the storefront's `vitrine-site-form` markup
 * and classes, its field kinds from @vitrine/forms' definitions), redrawn as the owner edits the draft. The
 * storefront's own component is not imported (it would bring the storefront's runtime into this bundle); this
 * rendering follows packages/storefront/src/forms/FormFields.tsx. Controls can be tried (a textarea's counter
 * counts); nothing is sent.
 */
export function FormPreview({ draft, kind }: { draft: FormDefinition; kind: 'form' | 'newsletter' }) {
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const titleId = `${id}-title`;
  return (
    <section className={`vitrine-site-form vitrine-site-form--${kind} form-preview-form`} aria-labelledby={titleId}>
      {draft.name ? (
        <h3 id={titleId} className="vitrine-site-form-title">
          {draft.name}
        </h3>
      ) : (
        <h3 id={titleId} className="visually-hidden">{FORM_TEXTS.preview}</h3>
      )}
      <form className="vitrine-site-form-form" noValidate aria-labelledby={titleId} onSubmit={(event) => event.preventDefault()}>
        <div className="vitrine-site-form-fields">
          {draft.fields.map((field, index) => (
            <PreviewField key={field.id} field={field} base={`${id}-${index}`} text={values[field.id] ?? ''} onText={(text) => setValues((now) => ({ ...now, [field.id]: text }))} />
          ))}
          {draft.captcha.enabled ? <p className="vitrine-captcha form-preview-captcha">Captcha: the visitor proves they are human here.</p> : null}
          <button type="submit" className="button vitrine-site-form-submit" aria-disabled="true">
            {kind === 'newsletter' ? 'Sign up' : 'Submit'}
          </button>
        </div>
        {draft.disclaimerMessage ? <p className="vitrine-site-form-disclaimer">{draft.disclaimerMessage}</p> : null}
      </form>
    </section>
  );
}

const INPUT_TYPES: Partial<Record<FieldDefinition['type'], string>> = { email: 'email', password: 'password', website: 'url' };

function PreviewField({ field, base, text, onText }: { field: FieldDefinition; base: string; text: string; onText: (text: string) => void }) {
  if (field.type === 'section') {
    return (
      <div className={`vitrine-form-section${field.underline ? ' vitrine-form-section--underline' : ''}`}>
        <h4 className="vitrine-form-section-title">{field.title}</h4>
        {field.description ? <p className="vitrine-field-description">{field.description}</p> : null}
      </div>
    );
  }
  if (field.type === 'hidden') {
    return (
      <p className="form-preview-hidden">
        {FORM_TEXTS.hiddenNote} <code>{field.key}</code> = “{field.value}”
      </p>
    );
  }
  const title = field.title.trim() || field.id;
  const descriptionId = `${base}-d`;
  const counter = field.type === 'textarea' ? maxLengthCounter(text, field.maxLength) : null;
  const counterId = `${base}-c`;
  const describedBy = [field.description ? descriptionId : '', counter ? counterId : ''].filter(Boolean).join(' ') || undefined;
  const marker = field.required ? <span className="vitrine-required" aria-hidden="true"> *</span> : null;
  const description = field.description ? <p id={descriptionId} className="vitrine-field-description">{field.description}</p> : null;
  const group = (controls: ReactNode, className = '') => (
    <fieldset className={`vitrine-field-group ${className}`}>
      <legend className="vitrine-field-label">
        {title}
        {marker}
        {field.required ? <span className="visually-hidden"> (required)</span> : null}
      </legend>
      {description}
      {controls}
    </fieldset>
  );

  let body: ReactNode;
  switch (field.type) {
    case 'date':
    case 'time':
    case 'name':
    case 'address':
    case 'phone': {
      const kind = field.type;
      const parts: readonly string[] = FIELD_PARTS[kind];
      const required: readonly string[] = field.required ? REQUIRED_PARTS[kind] : [];
      body = group(
        <div className="vitrine-field-parts">
          {parts.map((part, index) => {
            if (kind === 'phone' && index === 0 && !field.showCountryCode) return null;
            const partId = `${base}-${part}`;
            return (
              <div key={part} className={`vitrine-field-part vitrine-field-part--${part.toLowerCase()}`}>
                <label htmlFor={partId}>{(FIELD_PART_LABELS[kind] as Record<string, string>)[part]}</label>
                {part === 'Ampm' ? (
                  <select id={partId} required={required.includes(part) || undefined} aria-describedby={describedBy}>
                    <option value="" />
                    {TIME_PERIODS.map((period) => (
                      <option key={period}>{period}</option>
                    ))}
                  </select>
                ) : (
                  <input id={partId} type={kind === 'phone' ? 'tel' : 'text'} required={required.includes(part) || undefined} aria-describedby={describedBy} />
                )}
              </div>
            );
          })}
        </div>,
        `vitrine-field-group--${kind}`,
      );
      break;
    }
    case 'radio':
    case 'checkbox':
      body = group(
        <div className="vitrine-choices">
          {field.options.map((option, index) => (
            <label key={`${index}-${option}`} className="vitrine-choice">
              <input type={field.type} name={base} value={option} required={(field.type === 'radio' && field.required) || undefined} aria-describedby={describedBy} />
              <span>{option}</span>
            </label>
          ))}
        </div>,
      );
      break;
    case 'likert':
      body = group(
        field.options.map((question, index) => (
          <fieldset key={`${index}-${question}`} className="vitrine-likert-question">
            <legend>{question}</legend>
            <div className="vitrine-likert-scale">
              {LIKERT_ANSWERS.map((answer) => (
                <label key={answer} className="vitrine-likert-answer">
                  <input type="radio" name={`${base}-${index}`} value={answer} />
                  <span>{LIKERT_LABELS[answer]}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )),
        'vitrine-field-group--likert',
      );
      break;
    default: {
      const placeholder = ('placeholder' in field && field.placeholder) || undefined;
      const common = { id: base, required: field.required || undefined, 'aria-describedby': describedBy };
      let control: ReactNode;
      if (field.type === 'select') {
        control = (
          <select {...common}>
            <option value="">Select an option</option>
            {field.options.map((option, index) => (
              <option key={`${index}-${option}`} value={option}>
                {option}
              </option>
            ))}
          </select>
        );
      } else if (field.type === 'textarea') {
        control = <textarea {...common} rows={5} placeholder={placeholder} value={text} onChange={(event) => onText(event.target.value)} aria-invalid={counter?.over || undefined} />;
      } else {
        control = <input {...common} type={INPUT_TYPES[field.type] ?? 'text'} placeholder={placeholder} />;
      }
      body = (
        <>
          <label htmlFor={base} className="vitrine-field-label">
            {title}
            {marker}
          </label>
          {description}
          {control}
          {counter ? (
            <p id={counterId} className="vitrine-field-counter" data-over={counter.over || undefined}>
              {counter.text}
            </p>
          ) : null}
        </>
      );
    }
  }
  return (
    <div className={`vitrine-field vitrine-field--${field.type}`} data-field-id={field.id}>
      {body}
    </div>
  );
}
