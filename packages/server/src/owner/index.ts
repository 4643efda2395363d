/** The owner domain: contributors and their roles, set-up links (tables contributors, owner_invitations). */
export { authorize, describeOwner, OWNER_MESSAGES, type Owner } from '../authorize';
export { createSetupLink, needsFirstAdmin, redeemSetupLink, setupLinkUrl, SETUP_LINK_HOURS, SETUP_MESSAGES, type SetupLink } from './setup';
export { registerOwnerRoutes } from './routes';
export { printFirstAdminLinkIfNeeded } from './first-run';
