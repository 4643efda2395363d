/**
 * The campaigns domain (issue 38 item 4): newsletter campaigns, their sending job and tracked links (tables
 * newsletter_campaigns, newsletter_campaign_jobs, newsletter_campaign_recipients). It reads the newsletter's
 * subscribers and the outbox's suppressions, and writes mail only through the mail domain's outbox.
 */
export { CampaignSendJob, type CampaignJobOptions, type CampaignRound } from './job';
export { CampaignLinkTokens, type CampaignLink } from './links';
export { registerCampaignRoutes } from './routes';
