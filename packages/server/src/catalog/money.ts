/**
 * Money on the server is integer minor units. The product JSON carries `priceMoney.value` as a decimal
 * string in major units ("12.50"), as the reference template engine reads it.
 * TODO(lead): move to @vitrine/format once it exports a minor-units → decimal-string helper.
 */
export function fractionDigitsOf(currency: string): number {
  // Spec: every supported currency has 2 fraction digits except JPY with 0.
  return currency.toUpperCase() === 'JPY' ? 0 : 2;
}

export function minorUnitsToDecimalString(minorUnits: number, currency: string): string {
  if (!Number.isSafeInteger(minorUnits)) throw new RangeError(`Not a whole number of minor units: ${minorUnits}`);
  const digits = fractionDigitsOf(currency);
  const negative = minorUnits < 0;
  const text = String(Math.abs(minorUnits)).padStart(digits + 1, '0');
  const integer = digits === 0 ? text : text.slice(0, -digits);
  const fraction = digits === 0 ? '' : `.${text.slice(-digits)}`;
  return `${negative ? '-' : ''}${integer}${fraction}`;
}

export interface MoneyJson {
  currency: string;
  value: string;
}

export function moneyJson(minorUnits: number, currency: string): MoneyJson {
  return { currency, value: minorUnitsToDecimalString(minorUnits, currency) };
}
