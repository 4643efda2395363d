/**
 * Platform §4's test-variant override: a query parameter named after the test (`?hero-test=b`) sets the
 * variant for the rest of the session; the reset value (`?hero-test=reset`) clears it. Only on a website
 * whose status is internal (6) or for an internal user (a signed-in contributor of the website); elsewhere
 * the parameters are ignored. The server keeps the overrides in a session cookie.
 */
export const OVERRIDE_RESET_VALUE = 'reset';
export const WEBSITE_STATUS_INTERNAL = 6;

export interface OverrideChange {
  set: Record<string, string>;
  reset: string[];
}

/** The overrides a request's query asks for, for tests that exist and variants they have. */
export function overrideChangesFrom(query: Record<string, unknown>, variantsByTest: Record<string, readonly string[]>): OverrideChange {
  const change: OverrideChange = { set: {}, reset: [] };
  for (const [test, variants] of Object.entries(variantsByTest)) {
    const value = query[test];
    if (typeof value !== 'string') continue;
    if (value === OVERRIDE_RESET_VALUE) change.reset.push(test);
    else if (variants.includes(value)) change.set[test] = value;
  }
  return change;
}

export function applyOverrideChange(current: Record<string, string>, change: OverrideChange): Record<string, string> {
  const next: Record<string, string> = { ...current, ...change.set };
  for (const test of change.reset) delete next[test];
  return next;
}

export function mayOverride(websiteStatus: number, isInternalUser: boolean): boolean {
  return websiteStatus === WEBSITE_STATUS_INTERNAL || isInternalUser;
}
