import type { ShippingRateInput, ShippingRateKind, ShippingZoneBody, ShippingZoneJson } from '@vitrine/contracts';
import { formatMoney } from '@vitrine/format/money';
import { moneyInputText, parseMoneyInput } from '../../products/editor/money-input';
import { countryName } from './countries';

/** A zone as the form holds it: text as typed; money in the store currency, turned into minor units on save. */
export interface PlaceForm {
  key: number;
  country: string;
  /** Region codes as a comma list; empty for the whole country. */
  regions: string;
}
export interface TierForm {
  key: number;
  upToGrams: string;
  amount: string;
}
export interface RateForm {
  key: number;
  id?: string;
  name: string;
  kind: ShippingRateKind;
  amount: string;
  freeOver: string;
  tiers: TierForm[];
}
export interface ZoneForm {
  name: string;
  places: PlaceForm[];
  rates: RateForm[];
}

export const RATE_KINDS: readonly { kind: ShippingRateKind; label: string }[] = [
  { kind: 'flat', label: 'Flat' },
  { kind: 'weight', label: 'By weight' },
  { kind: 'free-over', label: 'Free over an amount' },
];

export const SHIPPING_TEXTS = {
  name: 'Enter a name.',
  country: 'Choose a country.',
  regions: 'Enter region codes such as CA, NY, separated by commas, or leave empty for the whole country.',
  noPlace: 'Add at least one place.',
  grams: 'Enter a weight in whole grams, 1 or more.',
  fixFields: 'Some fields are not valid. Check the fields marked.',
  saved: 'Saved.',
  readOnly: 'Your role may see the shipping zones but not change them.',
} as const;

let nextKey = 1;
export const newKey = () => nextKey++;

export const emptyTier = (): TierForm => ({ key: newKey(), upToGrams: '', amount: '' });
export const emptyRate = (): RateForm => ({ key: newKey(), name: 'Standard', kind: 'flat', amount: '', freeOver: '', tiers: [emptyTier()] });
export const emptyPlace = (): PlaceForm => ({ key: newKey(), country: '', regions: '' });
export const emptyZone = (): ZoneForm => ({ name: '', places: [emptyPlace()], rates: [emptyRate()] });

export function formOfZone(zone: ShippingZoneJson, currency: string): ZoneForm {
  return {
    name: zone.name,
    places: zone.locations.map((location) => ({ key: newKey(), country: location.country, regions: (location.regions ?? []).join(', ') })),
    rates: zone.rates.map((rate) => ({
      key: newKey(),
      id: rate.id,
      name: rate.name,
      kind: rate.kind,
      amount: rate.kind === 'weight' ? '' : moneyInputText(rate.amountCents, currency),
      freeOver: rate.freeOverCents == null ? '' : moneyInputText(rate.freeOverCents, currency),
      tiers: rate.weightTiers?.length ? rate.weightTiers.map((tier) => ({ key: newKey(), upToGrams: String(tier.upToGrams), amount: moneyInputText(tier.amountCents, currency) })) : [emptyTier()],
    })),
  };
}

/** The body to send, or the errors keyed as the server keys them ('rates.0.amountCents'). */
export function zoneBodyOf(form: ZoneForm, currency: string, locale = 'en-US'): { body?: ShippingZoneBody; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const money = (text: string, key: string): number => {
    const parsed = parseMoneyInput(text, currency, locale);
    if (parsed.ok) return parsed.minor;
    errors[key] = parsed.message;
    return 0;
  };
  const name = form.name.trim();
  if (name === '') errors.name = SHIPPING_TEXTS.name;
  if (form.places.length === 0) errors.locations = SHIPPING_TEXTS.noPlace;
  const locations = form.places.map((place, index) => {
    if (!place.country) errors[`locations.${index}.country`] = SHIPPING_TEXTS.country;
    const regions = place.regions
      .split(',')
      .map((region) => region.trim().toUpperCase())
      .filter((region) => region !== '');
    if (regions.some((region) => !/^[A-Z0-9]{1,3}$/.test(region))) errors[`locations.${index}.regions`] = SHIPPING_TEXTS.regions;
    return { country: place.country, regions: regions.length > 0 ? regions : null };
  });
  const rates = form.rates.map((rate, index): ShippingRateInput => {
    const key = `rates.${index}`;
    const rateName = rate.name.trim();
    if (rateName === '') errors[`${key}.name`] = SHIPPING_TEXTS.name;
    const base = { ...(rate.id ? { id: rate.id } : {}), name: rateName, kind: rate.kind };
    if (rate.kind === 'flat') return { ...base, amountCents: money(rate.amount, `${key}.amountCents`) };
    if (rate.kind === 'free-over') return { ...base, amountCents: money(rate.amount, `${key}.amountCents`), freeOverCents: money(rate.freeOver, `${key}.freeOverCents`) };
    const weightTiers = rate.tiers.map((tier, tierIndex) => {
      const grams = tier.upToGrams.trim();
      if (!/^[1-9]\d{0,6}$/.test(grams)) errors[`${key}.weightTiers.${tierIndex}.upToGrams`] = SHIPPING_TEXTS.grams;
      return { upToGrams: Number(grams), amountCents: money(tier.amount, `${key}.weightTiers.${tierIndex}.amountCents`) };
    });
    return { ...base, amountCents: 0, weightTiers };
  });
  if (Object.keys(errors).length > 0) return { errors };
  return { body: { name, locations, rates }, errors };
}

/** Where a zone ships, in words: 'United States (CA, NY), Canada'. */
export function placesText(zone: Pick<ShippingZoneJson, 'locations'>, locale = 'en-US'): string {
  return zone.locations.map((location) => (location.regions?.length ? `${countryName(location.country, locale)} (${location.regions.join(', ')})` : countryName(location.country, locale))).join(', ');
}

/** A rate's price in words: '$6.00', '$6.00, free from $100.00', '$12.00 up to 500 g, $22.00 up to 2,000 g'. */
export function rateText(rate: ShippingZoneJson['rates'][number], currency: string, locale = 'en-US'): string {
  const money = (minor: number) => formatMoney(minor, currency, { locale });
  if (rate.kind === 'free-over') return `${money(rate.amountCents)}, free from ${money(rate.freeOverCents ?? 0)}`;
  if (rate.kind === 'weight') return (rate.weightTiers ?? []).map((tier) => `${money(tier.amountCents)} up to ${tier.upToGrams.toLocaleString(locale)} g`).join(', ');
  return rate.amountCents === 0 ? 'Free' : money(rate.amountCents);
}
