/**
 * The platform's feature flags 1–70 (platform §3). The spec names seven; the others keep their codes under
 * neutral names (`flag-N`) so a stored flag of any code in range is understood. A website's flags switch its
 * features on and off: a named flag gates a real feature (gift cards 40 hides gift cards and refuses their
 * calls), an unnamed one gates nothing yet.
 */
export const NAMED_FEATURE_FLAGS = {
  siteUserAccounts: 29,
  giftCards: 40,
  commerceSubscriptions: 50,
  afterpay: 64,
  nativeProductReviews: 66,
  clearpay: 68,
  klarna: 70,
} as const;

export type NamedFeatureFlag = keyof typeof NAMED_FEATURE_FLAGS;

export const FEATURE_FLAG_RANGE = { min: 1, max: 70 } as const;

/** Every code 1–70 with its name. */
export const FEATURE_FLAGS: ReadonlyArray<{ code: number; name: string }> = Array.from({ length: FEATURE_FLAG_RANGE.max }, (_, index) => {
  const code = index + 1;
  const named = Object.entries(NAMED_FEATURE_FLAGS).find(([, value]) => value === code);
  return { code, name: named ? named[0] : `flag-${code}` };
});

export function isFeatureFlagCode(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= FEATURE_FLAG_RANGE.min && value <= FEATURE_FLAG_RANGE.max;
}

/**
 * Flags a website has unless its owner or the operator switches them off: the features Vitrine builds.
 * Payment-method flags (Afterpay, Clearpay, Klarna) are on so the installment pill shows where the spec
 * says; unnamed codes are off.
 */
export const FEATURE_FLAGS_ON_BY_DEFAULT: readonly number[] = Object.values(NAMED_FEATURE_FLAGS);

/** The effective flags: defaults, then the website's own choices. */
export function effectiveFeatureFlags(stored: ReadonlyArray<{ code: number; enabled: boolean }>): Set<number> {
  const on = new Set(FEATURE_FLAGS_ON_BY_DEFAULT);
  for (const { code, enabled } of stored) {
    if (enabled) on.add(code);
    else on.delete(code);
  }
  return on;
}
