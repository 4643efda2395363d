/** @vitrine/experiments: feature toggles and A/B tests — definitions, bucketing, evaluation, the override. Pure; server and browser. */
export * from './bucketing';
export * from './definitions';
export * from './evaluate';
export * from './override';
export * from './feature-flags';
export * from './results';
export * from './session-replay';
export * from './client';
