/**
 * The quotas domain (issue 32): operator-set limits per website — products, stored bytes, contributors, mails a day —
 * in website_quotas (null: the platform's default, QUOTA_* in the environment; none set: unlimited). The domains that
 * create those things take their quota inside their own transaction (takeQuota), so two creates at a limit cannot
 * both pass. The operator reads usage and sets quotas through websiteUsage and setWebsiteQuotas.
 */
export { QUOTA_ENV, QUOTA_KINDS, QUOTA_MESSAGES, QUOTA_FAILURE_KINDS, QuotaReached, isQuotaReached, quotaDefaultsFromEnv, type QuotaKind, type QuotaLimits } from './limits';
export { hasQuotaRoom, quotaRoom, setWebsiteQuotas, takeQuota, websiteUsage, type WebsiteUsage } from './service';
export { secondsUntilAMailAgesOut } from './usage';
