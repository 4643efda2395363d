import { useId, useState, type FormEvent } from 'react';
import type { AdditionalFieldsForm, FormField } from '../types';
import { requiredFieldErrors, serializeAdditionalFields, type FieldValue, type FieldValues } from './additional-fields';

export interface AdditionalFieldsFormViewProps {
  form: AdditionalFieldsForm;
  initialValues?: FieldValues;
  submitLabel: string;
  busy?: boolean;
  /** Errors from the server, keyed by field id. */
  serverErrors?: Record<string, string>;
  onSubmit: (additionalFields: string) => void;
}

/** The additional-fields form shown in a modal before adding, or when editing a cart entry. */
export function AdditionalFieldsFormView(props: AdditionalFieldsFormViewProps) {
  const { form, submitLabel, busy = false, serverErrors = {}, onSubmit } = props;
  const [values, setValues] = useState<FieldValues>(props.initialValues ?? {});
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const errors = { ...serverErrors, ...localErrors };
  const setValue = (id: string, value: FieldValue) => setValues((old) => ({ ...old, [id]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const found = requiredFieldErrors(form, values);
    setLocalErrors(found);
    if (Object.keys(found).length > 0) return;
    onSubmit(serializeAdditionalFields(form, values));
  };

  return (
    <form className="vitrine-additional-fields" noValidate onSubmit={submit}>
      {form.fields.map((field) => (
        <FieldView key={field.id} field={field} value={values[field.id]} error={errors[field.id]} onChange={setValue} />
      ))}
      <button type="submit" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}

interface FieldViewProps {
  field: FormField;
  value: FieldValue | undefined;
  error: string | undefined;
  onChange: (id: string, value: FieldValue) => void;
}

function FieldView({ field, value, error, onChange }: FieldViewProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const title = field.title ?? field.id;
  const described = error ? errorId : undefined;
  // Field errors sit above the field's title (spec §5).
  const errorLine = error ? (
    <p id={errorId} className="vitrine-field-error" role="alert">
      {error}
    </p>
  ) : null;

  if (field.type === 'section') return <h3 className="vitrine-form-section">{title}</h3>;

  if (field.type === 'checkbox' || field.type === 'radio') {
    const chosen = Array.isArray(value) ? value : value ? [value] : [];
    return (
      <fieldset className="vitrine-field" aria-describedby={described}>
        {errorLine}
        <legend>
          {title}
          {field.required ? ' *' : ''}
        </legend>
        {(field.options ?? []).map((option) => (
          <label key={option}>
            <input
              type={field.type}
              name={field.id}
              value={option}
              checked={chosen.includes(option)}
              onChange={(event) => {
                if (field.type === 'radio') onChange(field.id, option);
                else onChange(field.id, event.target.checked ? [...chosen, option] : chosen.filter((c) => c !== option));
              }}
            />
            {option}
          </label>
        ))}
      </fieldset>
    );
  }

  const common = {
    id: inputId,
    name: field.id,
    required: field.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
  } as const;
  const text = typeof value === 'string' ? value : '';
  let control;
  if (field.type === 'select') {
    control = (
      <select {...common} value={text} onChange={(event) => onChange(field.id, event.target.value)}>
        <option value="">Select</option>
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (field.type === 'textarea') {
    control = <textarea {...common} value={text} onChange={(event) => onChange(field.id, event.target.value)} />;
  } else {
    const inputType = field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : 'text';
    control = (
      <input
        {...common}
        type={inputType}
        placeholder={field.placeholder}
        value={text}
        onChange={(event) => onChange(field.id, event.target.value)}
      />
    );
  }
  return (
    <div className="vitrine-field">
      {errorLine}
      <label htmlFor={inputId}>
        {title}
        {field.required ? ' *' : ''}
      </label>
      {control}
    </div>
  );
}
