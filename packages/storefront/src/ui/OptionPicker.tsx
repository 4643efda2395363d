import { useId } from 'react';
import type { VariantOption } from '@vitrine/commerce';
import { visuallyHidden } from './styles';

/** Above this many values an option is a select: a long row of pills is harder to scan than a list. */
export const MAX_BUTTON_VALUES = 8;

/** Colour options show swatches; every other option shows pills. */
export function isColourOption(name: string): boolean {
  return /\b(colou?r|shade)\b/i.test(name);
}

/** A CSS colour for a swatch, only when the value is a plain colour name or hex code (no CSS injected). */
export function swatchColour(value: string): string | undefined {
  const trimmed = value.trim();
  if (/^[a-z]{3,20}$/i.test(trimmed)) return trimmed.toLowerCase();
  if (/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(trimmed)) return trimmed;
  return undefined;
}

export interface OptionPickerProps {
  option: VariantOption;
  value: string;
  onChange: (value: string) => void;
  /** Values that cannot be bought with the other options as chosen (shown struck, still choosable). */
  soldOutValues?: ReadonlySet<string>;
}

/**
 * One product option. Up to eight values: a radio group of native radios (arrow keys move and
 * choose, the group is named by the option, each radio by its value), drawn as swatches for colours
 * and pills for everything else. More values: a select.
 */
export function OptionPicker({ option, value, onChange, soldOutValues }: OptionPickerProps) {
  const nameId = useId();
  if (option.values.length > MAX_BUTTON_VALUES) {
    return (
      <div className="vitrine-variant-option">
        <label>
          <span className="vitrine-variant-option-name">{option.name}</span>
          <select value={value} onChange={(event) => onChange(event.target.value)}>
            <option value="">Select {option.name}</option>
            {option.values.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        </label>
      </div>
    );
  }
  const swatches = isColourOption(option.name);
  const soldOutId = `${nameId}-sold-out`;
  return (
    <div className="vitrine-variant-option">
      {/* The description of a struck value, for screen readers (hidden text still names a description). */}
      <span id={soldOutId} hidden>
        Sold out with the options chosen
      </span>
      <p className="vitrine-variant-option-legend">
        <span id={nameId} className="vitrine-variant-option-name">{option.name}</span>
        {value ? <span className="vitrine-variant-option-value">{value}</span> : null}
      </p>
      <div
        role="radiogroup"
        aria-labelledby={nameId}
        className={swatches ? 'vitrine-option-values vitrine-option-values--swatches' : 'vitrine-option-values vitrine-option-values--pills'}
      >
        {option.values.map((choice) => {
          const soldOut = soldOutValues?.has(choice) ?? false;
          const colour = swatches ? swatchColour(choice) : undefined;
          return (
            <label key={choice} className="vitrine-option-value" data-sold-out={soldOut ? 'true' : undefined}>
              <input
                type="radio"
                className="vitrine-option-radio"
                name={`${nameId}-value`}
                value={choice}
                checked={value === choice}
                aria-describedby={soldOut ? soldOutId : undefined}
                onChange={() => onChange(choice)}
              />
              {swatches ? (
                <>
                  <span className="vitrine-swatch" aria-hidden="true" style={colour ? { background: colour } : undefined} />
                  <span className="visually-hidden" style={visuallyHidden}>{choice}</span>
                </>
              ) : (
                <span className="vitrine-pill-text">{choice}</span>
              )}
            </label>
          );
        })}
      </div>
    </div>
  );
}
