import { useState, type ReactNode } from 'react';
import { useConfirm } from '../../../ui/confirm';
import { failureText } from '../../../ui/messages';
import { Outcome } from '../../../ui/outcome';

/** What deleting one item asks and then says: the confirm modal's words and the status after it. */
export interface Deletion {
  title: string;
  message: string;
  confirmLabel: string;
  done: string;
}

/**
 * The Store sections' lists (shipping zones, tax rules, coupons) share one way of working: an item (or 'new') is
 * open in its form above the list, a status says what was saved or deleted, a refusal what the server refused, and
 * Delete goes through the destructive confirm modal first.
 */
export function useListEditing<T extends { id: string }>(options: {
  remove: { mutate(id: string, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }): void };
  deletion: (item: T) => Deletion;
  /** Also cleared when a form opens or a delete starts (the Taxes switch's own status). */
  onClear?: () => void;
}) {
  const { confirm } = useConfirm();
  const [editing, setEditing] = useState<'new' | T | null>(null);
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState('');
  const clear = () => {
    setStatus('');
    setRefusal('');
    options.onClear?.();
  };
  const open = (item: 'new' | T) => {
    clear();
    setEditing(item);
  };
  /** The form closed: with the saved words when it saved. */
  const finish = (savedText?: string) => {
    setEditing(null);
    if (savedText) setStatus(savedText);
  };
  const onDelete = async (item: T) => {
    clear();
    const deletion = options.deletion(item);
    const yes = await confirm({ title: deletion.title, message: deletion.message, confirmLabel: deletion.confirmLabel, destructive: true });
    if (!yes) return;
    options.remove.mutate(item.id, { onSuccess: () => setStatus(deletion.done), onError: (error) => setRefusal(failureText(error)) });
  };
  return { editing, open, finish, onDelete, status, setStatus, refusal };
}

/** The list's card: its heading with the Add button (when given), an optional note, the status and refusal lines, then the list. */
export function ListCard({ id, title, addLabel, onAdd, note, status, refusal, children }: {
  id: string;
  title: string;
  addLabel: string;
  onAdd?: () => void;
  note?: ReactNode;
  status: string;
  refusal: string;
  children: ReactNode;
}) {
  return (
    <section className="card panel-card panel-table-card" aria-labelledby={id}>
      <header>
        <h2 id={id}>{title}</h2>
        {onAdd ? (
          <button type="button" className="button button-primary" onClick={onAdd}>
            {addLabel}
          </button>
        ) : null}
      </header>
      {note}
      <Outcome status={status} refusal={refusal} />
      {children}
    </section>
  );
}

/** An item form's foot: Save (saying 'Saving…' while it runs), Cancel, and the server's refusal. */
export function FormActions({ saveLabel, saving, onCancel, refusal }: { saveLabel: string; saving: boolean; onCancel: () => void; refusal: string }) {
  return (
    <div className="panel-actions">
      <button type="submit" className="button button-primary" disabled={saving}>
        {saving ? 'Saving…' : saveLabel}
      </button>
      <button type="button" className="button button-secondary" onClick={onCancel}>
        Cancel
      </button>
      <p role="alert" className="panel-error">
        {refusal}
      </p>
    </div>
  );
}
