import type { TaxRuleBody, TaxRuleJson } from '@vitrine/contracts';
import { basisPointsToPercent, PERCENT_MESSAGE, percentToBasisPoints } from './percent';

/** A tax rule as the form holds it: the rate as a percentage typed with up to two decimals. */
export interface RuleForm {
  name: string;
  country: string;
  /** Empty: the whole country. */
  region: string;
  rate: string;
  shippingTaxable: boolean;
}

export const TAX_TEXTS = {
  name: 'Enter a name.',
  country: 'Choose a country.',
  region: 'Enter a region code such as CA, or leave it empty for the whole country.',
  fixFields: 'Some fields are not valid. Check the fields marked.',
  saved: 'Saved.',
  readOnly: 'Your role may see the tax rules but not change them.',
  wholeCountry: 'Whole country',
} as const;

export const emptyRule = (): RuleForm => ({ name: '', country: '', region: '', rate: '', shippingTaxable: false });

export function formOfRule(rule: TaxRuleJson): RuleForm {
  return { name: rule.name, country: rule.country, region: rule.region ?? '', rate: basisPointsToPercent(rule.rateBasisPoints), shippingTaxable: rule.shippingTaxable };
}

/** The body to send (the rate in basis points), or the errors keyed by the body's fields. */
export function ruleBodyOf(form: RuleForm): { body?: TaxRuleBody; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const name = form.name.trim();
  if (name === '') errors.name = TAX_TEXTS.name;
  if (!/^[A-Z]{2}$/.test(form.country)) errors.country = TAX_TEXTS.country;
  const region = form.region.trim().toUpperCase();
  if (region !== '' && !/^[A-Z0-9]{1,3}$/.test(region)) errors.region = TAX_TEXTS.region;
  const rateBasisPoints = percentToBasisPoints(form.rate);
  if (rateBasisPoints === undefined) errors.rateBasisPoints = PERCENT_MESSAGE;
  if (Object.keys(errors).length > 0) return { errors };
  return { body: { name, country: form.country, region: region === '' ? null : region, rateBasisPoints: rateBasisPoints!, shippingTaxable: form.shippingTaxable }, errors };
}

/** '8.25 %' */
export const rateText = (basisPoints: number) => `${basisPointsToPercent(basisPoints)} %`;
