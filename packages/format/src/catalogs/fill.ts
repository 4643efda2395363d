/**
 * Fills `{name}` placeholders with the values as given (no number grouping, no plurals), for the browser and the
 * floors that must not carry intl-messageformat. Every catalog pattern with only simple placeholders reads the same
 * through this as through formatMessage with string values (catalogs.test.ts checks); a name without a value stays.
 */
export function fillPlaceholders(pattern: string, values: Record<string, string | number>): string {
  return pattern.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
