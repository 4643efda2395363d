import { useId, useState, type FormEvent } from 'react';
import { useCan } from '../../../api/hooks';
import { failureText } from '../../../ui/messages';
import { LoadFailed, Loading } from '../../../ui/states';
import { ABANDONED_CART_TEXTS as TEXTS, useAbandonedCartSettings, useSaveAbandonedCartSettings } from './abandoned-carts-api';
import '../commerce/panels.css';

/** Settings → Abandoned carts: off (the default) or a reminder after 1, 4 or 24 hours. */
export default function AbandonedCartsSection() {
  const query = useAbandonedCartSettings();
  const id = useId();
  return (
    <div className="panel">
      <section className="card panel-card" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{TEXTS.title}</h2>
        <p className="panel-help">{TEXTS.intro}</p>
        {query.isPending ? (
          <Loading />
        ) : query.isError ? (
          <LoadFailed error={query.error} retry={() => void query.refetch()} />
        ) : (
          <DelayForm saved={query.data.delayHours} choices={query.data.delayChoices} />
        )}
      </section>
    </div>
  );
}

const wordsOf = (hours: number | null) => (hours === null ? TEXTS.off : TEXTS.after(hours));

function DelayForm({ saved, choices }: { saved: number | null; choices: number[] }) {
  const mayWrite = useCan('store-settings:write');
  const save = useSaveAbandonedCartSettings();
  const id = useId();
  const [stored, setStored] = useState(saved);
  const [chosen, setChosen] = useState(saved);
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState('');

  if (!mayWrite) {
    return (
      <>
        <p>{TEXTS.current(wordsOf(stored))}</p>
        <p className="panel-notice">{TEXTS.readOnly}</p>
      </>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    setRefusal('');
    save.mutate(chosen, {
      onSuccess: (answer) => {
        setStored(answer.delayHours);
        setChosen(answer.delayHours);
        setStatus(TEXTS.saved);
      },
      onError: (error) => setRefusal(failureText(error)),
    });
  };
  return (
    <form className="panel-field" onSubmit={onSubmit}>
      <fieldset className="panel-choices">
        <legend className="panel-field-label">{TEXTS.choice}</legend>
        {[null, ...choices].map((hours) => (
          <div className="panel-check" key={hours ?? 'off'}>
            <input
              id={`${id}-${hours ?? 'off'}`}
              type="radio"
              name={`${id}-delay`}
              checked={chosen === hours}
              onChange={() => {
                setChosen(hours);
                setStatus('');
              }}
            />
            <label htmlFor={`${id}-${hours ?? 'off'}`}>{wordsOf(hours)}</label>
          </div>
        ))}
      </fieldset>
      <div className="panel-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending || chosen === stored}>
          {save.isPending ? TEXTS.saving : TEXTS.save}
        </button>
        <p role="status" className="panel-status">{status}</p>
        <p role="alert" className="panel-error">{refusal}</p>
      </div>
    </form>
  );
}
