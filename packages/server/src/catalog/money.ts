import { minorUnitsToDecimalString } from '@vitrine/format';

/**
 * Money on the server is integer minor units. The product JSON carries `priceMoney.value` as a decimal
 * string in major units ("12.50"), as the reference template engine reads it; @vitrine/format writes it.
 */
export { fractionDigitsOf, minorUnitsToDecimalString } from '@vitrine/format';

export interface MoneyJson {
  currency: string;
  value: string;
}

export function moneyJson(minorUnits: number, currency: string): MoneyJson {
  return { currency, value: minorUnitsToDecimalString(minorUnits, currency) };
}
