import { useId, type ReactNode } from 'react';
import { addressFormatFor } from '@vitrine/commerce/checkout';
import { postalLabelOf, type AddressField, type AddressPrefix, type AddressValues, type CountryOption } from './address-form';

export interface AddressFieldsProps {
  prefix: AddressPrefix;
  legend: string;
  values: AddressValues;
  /** The message to show under each field, by field. */
  errors: Partial<Record<AddressField, string>>;
  countries: readonly CountryOption[];
  onChange: (values: AddressValues) => void;
  /** A field was left: the form checks it. */
  onLeave: (field: AddressField) => void;
  /** The whole address is missing (the server's `shippingAddress` error): said under the legend. */
  sectionError?: string;
  disabled?: boolean;
}

/**
 * One postal address, country first: the country's format (addressFormatFor) decides what follows — a region
 * select or text field with its own label (State, Province, County…) or none, and the postal code's label (ZIP
 * code, Postcode…) or none. Autocomplete tokens carry the section, so a browser fills shipping and billing apart.
 */
export function AddressFields({ prefix, legend, values, errors, countries, onChange, onLeave, sectionError, disabled = false }: AddressFieldsProps) {
  const id = useId();
  const section = prefix === 'shippingAddress' ? 'shipping' : 'billing';
  const format = addressFormatFor(values.country);
  const postalLabel = postalLabelOf(format);
  const set = (field: AddressField, value: string) => {
    // A new country keeps the street but not a region that belongs to the old one.
    onChange(field === 'country' ? { ...values, country: value, region: '' } : { ...values, [field]: value });
  };
  const errorId = (field: AddressField) => `${id}-${field}-error`;
  const sectionErrorId = `${id}-error`;
  const control = (field: AddressField) => ({
    id: `${id}-${field}`,
    name: `${prefix}.${field}`,
    value: values[field],
    disabled,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? errorId(field) : undefined,
    onBlur: () => onLeave(field),
  });
  const field = (name: AddressField, label: string, input: ReactNode, wide = false) => (
    <div className={`vitrine-field vitrine-address-${name}${wide ? ' vitrine-field--wide' : ''}`}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {input}
      {errors[name] ? (
        <p id={errorId(name)} className="vitrine-field-error">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  const text = (name: AddressField, autoComplete: string, extra: Record<string, unknown> = {}) => (
    <input type="text" autoComplete={`${section} ${autoComplete}`} {...control(name)} onChange={(event) => set(name, event.target.value)} {...extra} />
  );

  return (
    <fieldset className="vitrine-address" aria-describedby={sectionError ? sectionErrorId : undefined} data-has-error={sectionError ? true : undefined}>
      <legend>{legend}</legend>
      {sectionError ? (
        <p id={sectionErrorId} className="vitrine-field-error">
          {sectionError}
        </p>
      ) : null}
      {field(
        'country',
        'Country/region',
        <select autoComplete={`${section} country`} {...control('country')} onChange={(event) => set('country', event.target.value)}>
          {values.country === '' ? <option value="">Select a country</option> : null}
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>,
        true,
      )}
      {field('name', 'Full name', text('name', 'name', { required: true }), true)}
      {field('line1', 'Address', text('line1', 'address-line1', { required: true }), true)}
      {field('line2', 'Apartment, suite, etc. (optional)', text('line2', 'address-line2'), true)}
      {field('city', 'City', text('city', 'address-level2', { required: true }))}
      {format.regionLabel
        ? field(
            'region',
            format.regions ? format.regionLabel : `${format.regionLabel} (optional)`,
            format.regions ? (
              <select autoComplete={`${section} address-level1`} required {...control('region')} onChange={(event) => set('region', event.target.value)}>
                <option value="">Select a {format.regionLabel.toLowerCase()}</option>
                {format.regions.map((region) => (
                  <option key={region.code} value={region.code}>
                    {region.name}
                  </option>
                ))}
              </select>
            ) : (
              text('region', 'address-level1')
            ),
          )
        : null}
      {postalLabel
        ? field(
            'postalCode',
            format.postalRequired ? postalLabel : `${postalLabel} (optional)`,
            text('postalCode', 'postal-code', { required: format.postalRequired, spellCheck: false }),
          )
        : null}
      {field('phone', 'Phone (optional)', text('phone', 'tel', { type: 'tel' }), true)}
    </fieldset>
  );
}
