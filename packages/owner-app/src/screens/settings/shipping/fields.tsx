import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { failureText } from '../../../ui/messages';

/**
 * A labelled field with its help and its error beside it (the checkout settings' forms: shipping, taxes,
 * coupons). `children` gets the control's id and its aria-describedby / aria-invalid.
 */
export function Field({ label, help, error, className, children }: { label: ReactNode; help?: ReactNode; error?: string; className?: string; children: (control: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode }) {
  const id = useId();
  const describedBy = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`panel-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(describedBy ? { 'aria-describedby': describedBy } : {}), ...(error ? { 'aria-invalid': true as const } : {}) })}
      {help ? (
        <p id={`${id}-help`} className="panel-help">
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="panel-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The field errors a refusal carries (400 `errors`), keyed by the body's paths; a 409 with none is put on `conflictField`. */
export function refusalErrors(error: unknown, conflictField?: string): Record<string, string> {
  if (!isOwnerApiError(error)) return {};
  if (Object.keys(error.errors).length > 0) return { ...error.errors };
  if (error.status === 409 && conflictField) return { [conflictField]: error.message };
  return {};
}

/**
 * An editor form's submit (shipping zones, tax rules, coupons, automatic discounts): the browser's check first — its
 * field errors shown and `fixFields` said when it finds any, nothing sent — then the save; a refusal's message is
 * said and its field errors land on the fields (a 409 without any on `conflictField`).
 */
export function useCheckedSubmit<Body>(options: {
  check: () => { body?: Body | null; errors: Record<string, string> };
  fixFields: string;
  save: (body: Body, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  onSaved: () => void;
  conflictField?: string;
}): { errors: Record<string, string>; refusal: string; onSubmit: (event: FormEvent) => void } {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal('');
    const { body, errors: found } = options.check();
    setErrors(found);
    if (!body) {
      setRefusal(options.fixFields);
      return;
    }
    options.save(body, {
      onSuccess: options.onSaved,
      onError: (error) => {
        setRefusal(failureText(error));
        setErrors(refusalErrors(error, options.conflictField));
      },
    });
  };
  return { errors, refusal, onSubmit };
}

/** Moves focus to an element once it is on screen (a form's heading when it opens). */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}

/** A table row's Edit and Delete, named after the row ('Edit WELCOME10'), for the Store sections' lists. */
export function RowActions({ name, onEdit, onDelete, deleting }: { name: string; onEdit: () => void; onDelete: () => void; deleting: boolean }) {
  return (
    <td className="panel-cell-actions">
      <span className="checkout-actions">
        <button type="button" className="button button-secondary button-small" aria-label={`Edit ${name}`} onClick={onEdit}>
          Edit
        </button>
        <button type="button" className="button button-secondary button-small" aria-label={`Delete ${name}`} disabled={deleting} onClick={onDelete}>
          Delete
        </button>
      </span>
    </td>
  );
}
