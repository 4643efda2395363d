import type { getAnalyticsSummaryContract } from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';

/**
 * The owner API's calls the app makes, each typed from its contract (a type-only import: the contracts'
 * TypeBox schemas stay out of the bundle). routes.test.ts checks every one against the contracts.
 */
export const ROUTES = {
  analyticsSummary: callRoute<typeof getAnalyticsSummaryContract>('GET', '/api/owner/analytics/summary'),
} as const;
