import { useEffect, useId, useState, type ReactNode } from 'react';
import { FONT_CATALOG, FONT_PAIRINGS, fontStack, type Setting, type StyleValues } from '@vitrine/design/browser';
import { DESIGN_TEXTS as T } from './design-texts';
import { isHexColour, pairingTargets, type StyleChanges } from './design-draft';

export interface ControlProps {
  setting: Setting;
  /** The resolved value (the override, or the manifest's default). */
  value: string | number | boolean;
  /** Every resolved value (a pairing reads the two fonts it sets). */
  values: StyleValues;
  onChange: (changes: StyleChanges) => void;
  error?: string;
  /** Under the control: the contrast warnings about it. */
  children?: ReactNode;
}

/** The one generic control of a manifest setting, by its type: the form is built from the theme's manifest. */
export function SettingControl(props: ControlProps) {
  switch (props.setting.type) {
    case 'colour':
      return <ColourControl {...props} />;
    case 'font':
      return <FontControl {...props} />;
    case 'range':
      return <RangeControl {...props} />;
    case 'select':
      return <SelectControl {...props} />;
    case 'toggle':
      return <ToggleControl {...props} />;
    case 'font-pairing':
      return <PairingControl {...props} />;
    case 'text':
      return <TextControl {...props} />;
    default:
      return null;
  }
}

/** The error under a control, tied to it by aria-describedby. */
function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="field-error">
      {error}
    </p>
  ) : null;
}

const described = (errorId: string, error?: string) => (error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {});

/** A native colour input and a hex field, both named after the setting; a partly typed hex waits until it is whole. */
function ColourControl({ setting, value, onChange, error, children }: ControlProps) {
  const id = useId();
  const colour = String(value);
  const [typed, setTyped] = useState(colour);
  useEffect(() => setTyped(colour), [colour]);
  const typedWrong = typed !== colour && !isHexColour(typed);
  const shownError = error ?? (typedWrong ? T.hexInvalid : undefined);
  return (
    <div className="design-field design-colour">
      <label htmlFor={`${id}-picker`}>{setting.label}</label>
      <div className="design-colour-inputs">
        <input id={`${id}-picker`} type="color" value={isHexColour(colour) ? colour.toLowerCase() : '#000000'} onChange={(event) => onChange({ [setting.id]: event.target.value })} />
        <input
          type="text"
          className="design-hex"
          aria-label={T.hex(setting.label)}
          value={typed}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          {...described(`${id}-error`, shownError)}
          onChange={(event) => {
            const next = event.target.value.trim();
            setTyped(next);
            if (isHexColour(next)) onChange({ [setting.id]: next.toLowerCase() });
          }}
          onBlur={() => setTyped(colour)}
        />
      </div>
      <FieldError id={`${id}-error`} error={shownError} />
      {children}
    </div>
  );
}

/** The catalog's families, each option in its own face (where the browser draws options with their style), and a sample line below. */
function FontControl({ setting, value, onChange, error, children }: ControlProps) {
  const id = useId();
  const chosen = FONT_CATALOG.find((font) => font.id === value);
  return (
    <div className="design-field">
      <label htmlFor={id}>{setting.label}</label>
      <select id={id} value={String(value)} {...described(`${id}-error`, error)} onChange={(event) => onChange({ [setting.id]: event.target.value })} style={chosen ? { fontFamily: fontStack(chosen) } : undefined}>
        {FONT_CATALOG.map((font) => (
          <option key={font.id} value={font.id} style={{ fontFamily: fontStack(font) }}>
            {font.family}
          </option>
        ))}
      </select>
      {chosen ? (
        <p className="design-font-sample" style={{ fontFamily: fontStack(chosen) }} aria-hidden="true">
          {chosen.family} — Aa Bb Cc 0123
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
      {children}
    </div>
  );
}

/** A slider and a number field, the unit beside them; the number field names the unit for screen readers. */
function RangeControl({ setting, value, onChange, error, children }: ControlProps) {
  const id = useId();
  const number = Number(value);
  const [typed, setTyped] = useState(String(number));
  useEffect(() => setTyped(String(number)), [number]);
  if (setting.type !== 'range') return null;
  const unit = setting.unit ?? '';
  const set = (text: string) => {
    setTyped(text);
    const next = Number(text);
    if (text.trim() !== '' && Number.isFinite(next) && next >= setting.min && next <= setting.max) onChange({ [setting.id]: next });
  };
  return (
    <div className="design-field">
      <label htmlFor={`${id}-slider`}>{setting.label}</label>
      <div className="design-range">
        <input id={`${id}-slider`} type="range" min={setting.min} max={setting.max} step={setting.step} value={number} aria-valuetext={`${number}${unit ? ` ${unit}` : ''}`} onChange={(event) => set(event.target.value)} />
        <input
          type="number"
          className="design-number"
          aria-label={unit ? `${setting.label} (${unit})` : setting.label}
          min={setting.min}
          max={setting.max}
          step={setting.step}
          value={typed}
          {...described(`${id}-error`, error)}
          onChange={(event) => set(event.target.value)}
          onBlur={() => setTyped(String(number))}
        />
        {unit ? <span className="design-unit" aria-hidden="true">{unit}</span> : null}
      </div>
      <FieldError id={`${id}-error`} error={error} />
      {children}
    </div>
  );
}

function SelectControl({ setting, value, onChange, error, children }: ControlProps) {
  const id = useId();
  if (setting.type !== 'select') return null;
  return (
    <div className="design-field">
      <label htmlFor={id}>{setting.label}</label>
      <select id={id} value={String(value)} {...described(`${id}-error`, error)} onChange={(event) => onChange({ [setting.id]: event.target.value })}>
        {setting.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
      {children}
    </div>
  );
}

/** A line of the owner's own words (a text setting: the local header's address, hours, phone). */
function TextControl({ setting, value, onChange, error, children }: ControlProps) {
  const id = useId();
  if (setting.type !== 'text') return null;
  return (
    <div className="design-field">
      <label htmlFor={id}>{setting.label}</label>
      {setting.info ? <p className="design-help" id={`${id}-info`}>{setting.info}</p> : null}
      <input
        id={id}
        type="text"
        value={typeof value === 'string' ? value : ''}
        maxLength={setting.maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={[setting.info ? `${id}-info` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
        onChange={(event) => onChange({ [setting.id]: event.target.value })}
      />
      <FieldError id={`${id}-error`} error={error} />
      {children}
    </div>
  );
}

function ToggleControl({ setting, value, onChange, error, children }: ControlProps) {
  const id = useId();
  return (
    <div className="design-field design-toggle">
      <input id={id} type="checkbox" checked={value === true} {...described(`${id}-error`, error)} onChange={(event) => onChange({ [setting.id]: event.target.checked })} />
      <label htmlFor={id}>{setting.label}</label>
      <FieldError id={`${id}-error`} error={error} />
      {children}
    </div>
  );
}

/** The pairings as one choice each (radio buttons named by the pairing), the heading family drawn in itself above the name in the body family. */
function PairingControl({ setting, values, onChange, error, children }: ControlProps) {
  const id = useId();
  const targets = pairingTargets(setting);
  if (!targets) return null;
  // The pairing the two fonts now make (chosen as one, or by picking both fonts).
  const current = FONT_PAIRINGS.find((pairing) => values[targets.heading] === pairing.heading && values[targets.body] === pairing.body);
  return (
    <fieldset className="design-field design-pairings" {...described(`${id}-error`, error)}>
      <legend>{setting.label}</legend>
      <p className="design-help">{T.pairingHelp}</p>
      <div className="design-pairing-list">
        {FONT_PAIRINGS.map((pairing) => {
          const heading = FONT_CATALOG.find((font) => font.id === pairing.heading);
          const body = FONT_CATALOG.find((font) => font.id === pairing.body);
          if (!heading || !body) return null;
          return (
            <label key={pairing.id} className="design-pairing">
              <input type="radio" name={`${id}-pairing`} value={pairing.id} checked={current?.id === pairing.id} onChange={() => onChange({ [setting.id]: pairing.id, [targets.heading]: null, [targets.body]: null })} />
              <span className="design-pairing-text">
                <span className="design-pairing-heading" style={{ fontFamily: fontStack(heading) }} aria-hidden="true">
                  {heading.family}
                </span>
                <span className="design-pairing-body" style={{ fontFamily: fontStack(body) }}>
                  {pairing.label}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id={`${id}-error`} error={error} />
      {children}
    </fieldset>
  );
}
