/** The mail domain: the outbox and its worker, transports, templates, suppressions (tables mail_outbox, mail_suppressions). */
export { enqueueMail, enqueueMailIfQuotaAllows, enqueueMailsWithinQuota, fromAddressOf, type MailMessage } from './outbox';
export { enqueuePlatformMail, PLATFORM_NAME } from './outbox';
export { renderPlatformMail, PLATFORM_MAIL_TEMPLATES, type PlatformMailTemplateName } from './platform-mail';
export { mailLogoOf, renderMail, MAIL_TEMPLATES, type MailRenderOptions, type MailTemplateName, type RenderedMail } from './templates';
export { MailWorker, backoffMs, type MailWorkerOptions } from './worker';
export { createFolderTransport, createSmtpTransport, DeliveryError, type MailTransport, type OutgoingMail } from './transport';
export { UnsubscribeTokens, unsubscribeHeaders, unsubscribeUrl } from './unsubscribe';
export { DEFAULT_MAIL_FROM, DEFAULT_PUBLIC_URL, siteUrlOf, type MailSettings } from './settings';
export { registerMailRoutes, UNSUBSCRIBE_MESSAGES } from './routes';
export { renderSiteMail, renderBlock, OwnerTemplateError } from './owner-templates';
export { renderInLayout } from './templates';
