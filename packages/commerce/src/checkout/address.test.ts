import { describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES, addressFormatFor, checkAddress, COUNTRY_CODES, isKnownCountry } from './address';

const base = { name: 'Ada Lovelace', line1: '1 Main St', city: 'Springfield' };

describe('checkAddress', () => {
  it('accepts a US address with a state by code or name and a ZIP or ZIP+4', () => {
    expect(checkAddress({ ...base, country: 'us', region: 'California', postalCode: '94107' })).toEqual({
      ok: true,
      address: { ...base, line2: null, country: 'US', region: 'CA', postalCode: '94107', phone: null },
    });
    const plusFour = checkAddress({ ...base, country: 'US', region: 'US-NY', postalCode: '10001-1234' });
    expect(plusFour.ok && plusFour.address.region).toBe('NY');
  });

  it('refuses a US address without a state or with a bad ZIP, with the messages to show by field', () => {
    expect(checkAddress({ ...base, country: 'US', region: 'Atlantis', postalCode: '9410' })).toEqual({
      ok: false,
      errors: { region: 'Select a state.', postalCode: 'Enter a valid ZIP code.' },
    });
  });

  it('names every missing required part', () => {
    expect(checkAddress({ country: '' })).toEqual({
      ok: false,
      errors: { country: ADDRESS_MESSAGES.country, name: 'Enter a name.', line1: 'Enter an address.', city: 'Enter a city.' },
    });
  });

  it('treats a US territory given as a country like a US address whose state is the territory', () => {
    expect(addressFormatFor('PR')).toMatchObject({ regionLabel: null, postalLabel: 'ZIP code' });
    const result = checkAddress({ ...base, country: 'PR', postalCode: '00901' });
    expect(result).toEqual({ ok: true, address: { ...base, line2: null, country: 'PR', region: null, postalCode: '00901', phone: null } });
    expect(checkAddress({ ...base, country: 'PR', postalCode: 'ABCDE' })).toEqual({ ok: false, errors: { postalCode: 'Enter a valid ZIP code.' } });
  });

  it('checks Canadian provinces and postal codes, and British postcodes without a region', () => {
    expect(checkAddress({ ...base, country: 'CA', region: 'ON', postalCode: 'k1a 0b1' }).ok).toBe(true);
    expect(checkAddress({ ...base, country: 'CA', region: 'ON', postalCode: '12345' })).toEqual({ ok: false, errors: { postalCode: 'Enter a valid postal code.' } });
    const gb = checkAddress({ ...base, country: 'GB', region: 'Somewhere', postalCode: 'SW1A 1AA' });
    expect(gb.ok && gb.address).toMatchObject({ region: null, postalCode: 'SW1A 1AA' });
  });

  it('asks no postal code where there is none, and lets anywhere else leave it out', () => {
    const hk = checkAddress({ ...base, country: 'HK', postalCode: 'ignored' });
    expect(hk.ok && hk.address.postalCode).toBeNull();
    expect(checkAddress({ ...base, country: 'KE' }).ok).toBe(true);
  });

  it('refuses unknown countries, overlong parts and bad phone numbers', () => {
    expect(checkAddress({ ...base, country: 'XX' })).toEqual({ ok: false, errors: { country: 'Select a country.' } });
    expect(checkAddress({ ...base, country: 'KE', name: 'x'.repeat(101), phone: 'call me' })).toEqual({
      ok: false,
      errors: { name: 'This is too long.', phone: 'Enter a valid phone number.' },
    });
  });

  it('lists each ISO code once', () => {
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    expect(COUNTRY_CODES.length).toBeGreaterThan(240);
    expect(isKnownCountry(' de ')).toBe(true);
  });
});
