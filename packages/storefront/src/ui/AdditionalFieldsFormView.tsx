import { useId, useRef, useState, type FormEvent } from 'react';
import { placeErrors, type EnteredFieldValue, type EnteredState } from '../forms/entered';
import { FormFields, focusFirstError } from '../forms/FormFields';
import { ADDITIONAL_FIELDS_INVALID, prepareAdditionalFields, savedAnswers } from '../forms/additional-answers';
import type { AdditionalFieldsDefinition } from './additional-fields';

export interface AdditionalFieldsFormViewProps {
  form: AdditionalFieldsDefinition;
  /** What the inputs start with: a cart entry's saved answers (its `additionalFields` JSON). */
  savedAdditionalFields?: string | null;
  submitLabel: string;
  busy?: boolean;
  /** The button's text while busy (the cart page's edit: 'Saving…'); default the submit label. */
  busyLabel?: string;
  /** Errors from the server, keyed by field id. */
  serverErrors?: Record<string, string>;
  /** Called with the `additionalFields` JSON string once every field passes. */
  onSubmit: (additionalFields: string) => void;
}

/**
 * The additional-fields form shown in a modal before adding, or when editing a cart entry: the same field
 * components as the site form block, checked with @vitrine/forms in the async widget's mode ('Required').
 */
export function AdditionalFieldsFormView(props: AdditionalFieldsFormViewProps) {
  const { form, submitLabel, busy = false, busyLabel, serverErrors = {}, onSubmit } = props;
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<EnteredState>(() => savedAnswers(form, props.savedAdditionalFields));
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const fromServer = placeErrors(form.fields, serverErrors, ADDITIONAL_FIELDS_INVALID);
  const errors = { ...fromServer.onFields, ...localErrors };
  const change = (fieldId: string, value: EnteredFieldValue) => {
    setValues((old) => ({ ...old, [fieldId]: value }));
    setLocalErrors(({ [fieldId]: _gone, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (busy) return;
    const prepared = prepareAdditionalFields(form, values);
    setLocalErrors(prepared.ok ? {} : prepared.errors);
    if (prepared.ok) onSubmit(prepared.additionalFields);
    else focusFirstError(formRef.current, form.fields, prepared.errors);
  };

  return (
    <form ref={formRef} className="vitrine-additional-fields" noValidate onSubmit={submit}>
      {fromServer.general ? (
        <p className="vitrine-field-error" role="alert">
          {fromServer.general}
        </p>
      ) : null}
      <FormFields fields={form.fields} values={values} errors={errors} onChange={change} idPrefix={id} query={globalThis.location?.search ?? ''} announceErrors />
      <button type="submit" disabled={busy}>
        {busy && busyLabel ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
