/**
 * The owner domain: contributors and their roles, set-up links (tables contributors, owner_invitations).
 * The access rule every domain checks (`authorize`) lives outside the domains, in src/authorize.ts.
 */
export { createSetupLink, writeSetupLink, needsFirstAdmin, redeemSetupLink, setupLinkUrl, SETUP_LINK_HOURS, SETUP_MESSAGES, type SetupLink } from './setup';
export { addContributorIn, describeSetupLink, redeemSetupLinkForAccount } from './setup';
export { registerOwnerRoutes, type OwnerRouteOptions } from './routes';
export { registerContributorRoutes } from './contributors-routes';
export { OWNER_APP_ASSET_PREFIX, ownerAppDistDir } from './app-page';
export { printFirstAdminLinkIfNeeded } from './first-run';
// The sign-in form's sealed second step, reused by the platform's own sign-in form (platform/routes.ts) under a key of its own.
export { openPendingSignIn, sealPendingSignIn, type PendingSignIn } from './sign-in-step';
export { contributorEmailsWith, contributorRoleOf, websitesOfAccount, type AccountWebsite } from './contributors';
