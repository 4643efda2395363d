import { useBoot } from '../api/client';

/** The website's locale as Intl takes it ('en_US' → 'en-US'); en-US when Intl does not know it. */
export function intlLocale(locale: string | undefined): string {
  const candidate = (locale ?? '').replace(/_/g, '-');
  try {
    return candidate && Intl.NumberFormat.supportedLocalesOf([candidate]).length > 0 ? candidate : 'en-US';
  } catch {
    return 'en-US';
  }
}

export function useLocale(): string {
  return intlLocale(useBoot().website.locale);
}
