import { useId, useState, type FormEvent } from 'react';
import { CUSTOM_RANGE_LABEL, RANGE_PRESETS, checkRange, type ChosenRange } from './range';

/**
 * The range: two presets and a custom from–to, as buttons (aria-pressed) and a small form. A custom range is
 * checked here first (the server checks it again): the message shows under the dates and the range stays.
 */
export function RangePicker({ chosen, today, onChange }: { chosen: ChosenRange; today: string; onChange: (next: ChosenRange) => void }) {
  const [customOpen, setCustomOpen] = useState(chosen.preset === 'custom');
  const [from, setFrom] = useState(chosen.range.from);
  const [to, setTo] = useState(chosen.range.to);
  const [error, setError] = useState<string | undefined>();
  const errorId = useId();
  const fromId = useId();
  const toId = useId();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkRange({ from, to }, today);
    setError(problem);
    if (!problem) onChange({ preset: 'custom', range: { from, to } });
  };

  return (
    <div className="range-picker">
      <div className="segmented" role="group" aria-label="Date range">
        {RANGE_PRESETS.map((entry) => (
          <button
            key={entry.preset}
            type="button"
            className="segment"
            aria-pressed={chosen.preset === entry.preset}
            onClick={() => {
              setCustomOpen(false);
              setError(undefined);
              onChange({ preset: entry.preset, range: chosen.range });
            }}
          >
            {entry.label}
          </button>
        ))}
        <button
          type="button"
          className="segment"
          aria-pressed={chosen.preset === 'custom'}
          aria-expanded={customOpen}
          onClick={() => {
            setFrom(chosen.range.from);
            setTo(chosen.range.to);
            setCustomOpen((open) => !open);
          }}
        >
          {CUSTOM_RANGE_LABEL}
        </button>
      </div>
      {customOpen ? (
        <form className="custom-range" onSubmit={apply} noValidate aria-label="Custom range">
          <p className="field">
            <label htmlFor={fromId}>From</label>
            <input id={fromId} type="date" value={from} max={today} onChange={(event) => setFrom(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
          </p>
          <p className="field">
            <label htmlFor={toId}>To</label>
            <input id={toId} type="date" value={to} max={today} onChange={(event) => setTo(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
          </p>
          <button type="submit" className="button button-primary">
            Apply
          </button>
          {error ? (
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
