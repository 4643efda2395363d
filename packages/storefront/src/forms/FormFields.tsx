import type { ChangeEvent, ReactNode } from 'react';
import {
  FIELD_PART_LABELS,
  FIELD_PARTS,
  LIKERT_ANSWERS,
  LIKERT_LABELS,
  REQUIRED_PARTS,
  TIME_PERIODS,
  maxLengthCounter,
  shapeFieldValue,
  type FieldDefinition,
  type MultiPartKind,
} from '@vitrine/forms';
import { enteredOf, type EnteredFieldValue, type EnteredState } from './entered';

/**
 * The controls of every field kind (platform §3), shared by the site form block (SiteForm) and the product's
 * additional-fields form (AdditionalFieldsFormView): native elements only, each with its label; multi-part
 * fields, choices and likerts are fieldsets with a legend; a field's error sits above its title (storefront §5)
 * and is tied to its controls with aria-describedby and aria-invalid.
 */
export interface FormFieldsProps {
  fields: readonly FieldDefinition[];
  values: EnteredState;
  /** Messages by field id. */
  errors: Readonly<Record<string, string>>;
  onChange: (fieldId: string, value: EnteredFieldValue) => void;
  /** Unique on the page (the form's useId): every element id starts with it. */
  idPrefix: string;
  /** The page's query string: hidden fields submit the parameter named by their key ('' on the server). */
  query?: string;
  /** Heading level of section fields. */
  sectionLevel?: 2 | 3 | 4;
  /** Each field error announces itself (role="alert"): for forms with no summary line of their own. */
  announceErrors?: boolean;
}

export function FormFields({ fields, values, errors, onChange, idPrefix, query = '', sectionLevel = 3, announceErrors = false }: FormFieldsProps) {
  return (
    <>
      {fields.map((field, index) => (
        <FormField
          key={field.id}
          field={field}
          base={`${idPrefix}-${index}`}
          value={enteredOf(values, field.id)}
          error={Object.prototype.hasOwnProperty.call(errors, field.id) ? errors[field.id] : undefined}
          onChange={onChange}
          query={query}
          sectionLevel={sectionLevel}
          announce={announceErrors}
        />
      ))}
    </>
  );
}

interface FormFieldProps {
  field: FieldDefinition;
  base: string;
  value: EnteredFieldValue | undefined;
  error: string | undefined;
  onChange: (fieldId: string, value: EnteredFieldValue) => void;
  query: string;
  sectionLevel: 2 | 3 | 4;
  announce: boolean;
}

/** The browser's own help for each kind: keyboard, autofill. Number and currency stay text: ',' decimals are allowed. */
const INPUT_TYPES: Partial<Record<FieldDefinition['type'], string>> = { email: 'email', password: 'password', website: 'url' };
const AUTOCOMPLETE: Partial<Record<FieldDefinition['type'], string>> = { email: 'email', website: 'url', password: 'off' };
const PART_AUTOCOMPLETE: Partial<Record<MultiPartKind, readonly string[]>> = {
  name: ['given-name', 'family-name'],
  address: ['address-line1', 'address-line2', 'address-level2', 'address-level1', 'postal-code', 'country-name'],
  phone: ['tel-country-code', 'tel-area-code', 'tel-local-prefix', 'tel-local-suffix'],
};

function FormField({ field, base, value, error, onChange, query, sectionLevel, announce }: FormFieldProps) {
  if (field.type === 'section') {
    const Heading = `h${sectionLevel}` as const;
    return (
      <div className={`vitrine-form-section${field.underline ? ' vitrine-form-section--underline' : ''}`}>
        <Heading className="vitrine-form-section-title">{field.title}</Heading>
        {field.description ? <p className="vitrine-field-description">{field.description}</p> : null}
      </div>
    );
  }
  // The parameter named by its key when the page has one, else its own value (storefront §3).
  if (field.type === 'hidden') return <input type="hidden" name={field.key} value={String(shapeFieldValue(field, undefined, query))} />;

  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? value : [];
  const counter = field.type === 'textarea' ? maxLengthCounter(text, field.maxLength) : null;
  const errorId = `${base}-e`;
  const descriptionId = `${base}-d`;
  const counterId = `${base}-c`;
  const describedBy = [error ? errorId : '', field.description ? descriptionId : '', counter ? counterId : ''].filter(Boolean).join(' ') || undefined;
  const aria = { 'aria-invalid': error || counter?.over ? true : undefined, 'aria-describedby': describedBy } as const;
  const title = field.title.trim() || field.id;
  const marker = field.required ? <span className="vitrine-required" aria-hidden="true"> *</span> : null;
  const description = field.description ? <p id={descriptionId} className="vitrine-field-description">{field.description}</p> : null;
  const setText = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => onChange(field.id, event.target.value);

  let body: ReactNode;
  const group = (controls: ReactNode, className = '') => (
    <fieldset className={`vitrine-field-group ${className}`}>
      <legend className="vitrine-field-label">
        {title}
        {marker}
        {/* A group cannot say it is required with an attribute: its legend does. */}
        {field.required ? <span className="visually-hidden"> (required)</span> : null}
      </legend>
      {description}
      {controls}
    </fieldset>
  );

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
            const id = `${base}-${part}`;
            const props = {
              id,
              name: `${field.id}-${part}`,
              value: list[index] ?? '',
              required: required.includes(part) || undefined,
              autoComplete: PART_AUTOCOMPLETE[kind]?.[index],
              ...aria,
              onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
                const next = parts.map((_, at) => list[at] ?? '');
                next[index] = event.target.value;
                onChange(field.id, next);
              },
            };
            return (
              <div key={part} className={`vitrine-field-part vitrine-field-part--${part.toLowerCase()}`}>
                <label htmlFor={id}>{(FIELD_PART_LABELS[kind] as Record<string, string>)[part]}</label>
                {part === 'Ampm' ? (
                  <select {...props}>
                    <option value="" />
                    {TIME_PERIODS.map((period) => (
                      <option key={period}>{period}</option>
                    ))}
                  </select>
                ) : (
                  <input {...props} type={kind === 'phone' ? 'tel' : 'text'} inputMode={kind === 'date' || kind === 'time' ? 'numeric' : undefined} />
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
    case 'checkbox': {
      const radio = field.type === 'radio';
      body = group(
        <div className="vitrine-choices">
          {field.options.map((option) => (
            <label key={option} className="vitrine-choice">
              <input
                type={field.type}
                name={base}
                value={option}
                checked={radio ? text === option : list.includes(option)}
                required={(radio && field.required) || undefined}
                {...aria}
                onChange={(event) =>
                  onChange(field.id, radio ? option : field.options.filter((other) => (other === option ? event.target.checked : list.includes(other))))
                }
              />
              <span>{option}</span>
            </label>
          ))}
        </div>,
      );
      break;
    }
    case 'likert': {
      const answers = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
      // One fieldset per question (its statement the legend) with the five-point scale as radios.
      body = group(
        field.options.map((question, index) => (
          <fieldset key={question} className="vitrine-likert-question">
            <legend>{question}</legend>
            <div className="vitrine-likert-scale">
              {LIKERT_ANSWERS.map((answer) => (
                <label key={answer} className="vitrine-likert-answer">
                  <input
                    type="radio"
                    name={`${base}-${index}`}
                    value={answer}
                    checked={Object.prototype.hasOwnProperty.call(answers, question) && answers[question] === answer}
                    {...aria}
                    onChange={() => onChange(field.id, { ...answers, [question]: answer })}
                  />
                  <span>{LIKERT_LABELS[answer]}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )),
        'vitrine-field-group--likert',
      );
      break;
    }
    default: {
      const common = { id: base, name: field.id, value: text, required: field.required || undefined, ...aria, onChange: setText };
      const placeholder = ('placeholder' in field && field.placeholder) || undefined;
      let control: ReactNode;
      if (field.type === 'select') {
        control = (
          <select {...common}>
            <option value="">Select an option</option>
            {field.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        );
      } else if (field.type === 'textarea') {
        control = <textarea {...common} rows={5} placeholder={placeholder} />;
      } else {
        control = (
          <input
            {...common}
            type={INPUT_TYPES[field.type] ?? 'text'}
            inputMode={field.type === 'number' || field.type === 'currency' ? 'decimal' : undefined}
            autoComplete={AUTOCOMPLETE[field.type]}
            spellCheck={field.type === 'email' || field.type === 'website' || field.type === 'twitter' ? false : undefined}
            placeholder={placeholder}
          />
        );
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
            // Storefront §5: 'current / max', in the error style over the limit.
            <p id={counterId} className="vitrine-field-counter" data-over={counter.over || undefined}>
              {counter.text}
            </p>
          ) : null}
        </>
      );
    }
  }

  return (
    <div className={`vitrine-field vitrine-field--${field.type}`} data-field-id={field.id} data-invalid={error ? '' : undefined}>
      {/* Above the field's title (storefront §5, §8). */}
      {error ? (
        <p id={errorId} className="vitrine-field-error" role={announce ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
      {body}
    </div>
  );
}

/** Moves focus to the first control of the first field with an error (after a failed submit). */
export function focusFirstError(container: HTMLElement | null, fields: readonly FieldDefinition[], errors: Readonly<Record<string, string>>): void {
  const first = fields.find((field) => Object.prototype.hasOwnProperty.call(errors, field.id));
  if (!first || !container) return;
  for (const element of container.querySelectorAll<HTMLElement>('[data-field-id]')) {
    if (element.dataset.fieldId === first.id) {
      element.querySelector<HTMLElement>('input, select, textarea')?.focus();
      return;
    }
  }
}
