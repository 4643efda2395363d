import type { InstallmentContext } from '@vitrine/commerce/installments';
import { installmentLocale, installmentProvider } from '@vitrine/commerce/installments';
import { NAMED_FEATURE_FLAGS } from '@vitrine/experiments';
import type { Website } from '../db/schema';

/**
 * A store's installment settings as the pill, the cart's line and checkout's payment methods read them. One builder
 * so the three never disagree on whether Afterpay/Clearpay is on.
 */
export function installmentContext(website: Website, flags?: ReadonlySet<number>): Required<InstallmentContext> {
  const settings = website.settings;
  const country = typeof settings.stripeAccountCountry === 'string' ? settings.stripeAccountCountry : '';
  // The provider's feature flag (Afterpay 64, Clearpay 68) switched off hides the pill (issue 19).
  const locale = installmentLocale(website.locale, country);
  const provider = locale ? installmentProvider(locale) : null;
  const providerOff = flags !== undefined && provider !== null && !flags.has(provider === 'clearpay' ? NAMED_FEATURE_FLAGS.clearpay : NAMED_FEATURE_FLAGS.afterpay);
  return {
    afterPayAvailable: settings.afterPayAvailable === true && !providerOff,
    afterPayMin: typeof settings.afterPayMin === 'number' ? settings.afterPayMin : 0,
    afterPayMax: typeof settings.afterPayMax === 'number' ? settings.afterPayMax : 0,
    shopperLanguage: website.locale,
    stripeAccountCountry: country,
  };
}
