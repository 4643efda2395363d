/**
 * The platform domain (issue 32): what makes one install host many websites — creating a website (with the sample
 * content or empty), and the operator's actions. It builds on the other domains' fronts; none of them imports it.
 */
export { countWebsites, createWebsite, CREATE_WEBSITE_MESSAGES, newWebsiteErrors, SITE_TITLE_MAX, type CreatedWebsite, type NewWebsiteRequest } from './create-website';
export { createWebsiteForAccount } from './create-website';
export { writeSampleContent } from './sample-content';
export {
  DELETE_GRACE_DAYS, deleteWebsite, findWebsiteForOperator, listWebsitesForOperator, OPERATOR_MESSAGES, purgeDeletedWebsites, restoreWebsite, resumeWebsite, suspendWebsite,
} from './operator';
export { purgePlan, purgeWebsite, type PurgeStep, type WebsiteFileStores } from './purge';
export { accountWebsites, handoffUrl, HANDOFF_MESSAGES, HANDOFF_PATH, openWebsiteForAccount, redeemHandoff, roleLabelOf, type AccountWebsiteView } from './handoff';
export { acceptInvitationWithAccount, confirmAccount, describeInvitation } from './account-flow';
export { DeletedWebsitePurgeJob, DEFAULT_WEBSITE_PURGE_INTERVAL_MS } from './purge-job';
export { humanBytes, listWebsitesForOperatorPage, OPERATOR_PAGE_SIZE, type OperatorWebsiteRow } from './operator-listing';
export { purgeNextDeletedWebsite } from './purge';
