import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  disconnectTranslationContract,
  getCaptchaSettingsContract,
  getCommercePreferencesContract,
  getHeaderFooterContract,
  getSiteAnnouncementContract,
  getSiteFooterContract,
  updateSiteFooterContract,
  getLanguagesContract,
  getMultilingualSettingsContract,
  getMultilingualStatusContract,
  getSiteIdentityContract,
  getSiteLayoutContract,
  getTrackingSettingsContract,
  getWebsiteStatusContract,
  setSiteUserLocaleContract,
  updateCaptchaSettingsContract,
  updateCommercePreferencesContract,
  updateHeaderFooterContract,
  updateSiteAnnouncementContract,
  updateLanguagesContract,
  updateNavigationContract,
  updateSiteIdentityContract,
  updateTrackingSettingsContract,
  type UpdateNavigationBody,
} from '@vitrine/contracts';
import { analyticsDisabledByEnvironment } from '../analytics';
import type { SharedParts } from '../shared';
import { getCaptchaSettings, updateCaptchaSettings } from './captcha-settings';
import { getCommercePreferences, updateCommercePreferences } from './commerce-preferences';
import { getHeaderFooter, updateHeaderFooter } from './header-footer';
import { getSiteFooter, updateSiteFooter } from './footer';
import { getSiteAnnouncement, updateSiteAnnouncement } from './announcement';
import { notifySiteChromeChanged } from './site-chrome';
import { getSiteIdentity, updateSiteIdentity } from './identity';
import {
  disconnectTranslation,
  getLanguages,
  getMultilingualSettings,
  getMultilingualStatus,
  setSiteUserLocale,
  updateLanguages,
  type TranslationConfig,
} from './multilingual';
import { getSiteLayout, updateNavigation } from './navigation';
import { getTrackingSettings, updateTrackingSettings, type TrackingSettingsConfig } from './tracking-settings';
import { getWebsiteStatus, SELF_HOSTED_MESSAGE, UPGRADE_DESTINATIONS, upgradePage } from './website-status';

/** Site settings at the platform's paths (issue 12): commerce preferences, navigation, header and footer, multilingual, website status; the tracking switches (issue 15); the captcha switch (issue 16); the site's identity (issue 33). */
export function registerSiteSettingsRoutes(fastify: FastifyInstance, { db }: SharedParts): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const translation: TranslationConfig = { provider: process.env.TRANSLATION_PROVIDER?.trim() || undefined };

  app.route({
    ...getCommercePreferencesContract,
    handler: async ({ website, actor, params }) => getCommercePreferences(db, website, actor, { websiteId: params.websiteId }),
  });
  app.route({
    ...updateCommercePreferencesContract,
    handler: async ({ website, actor, params, body }) =>
      updateCommercePreferences(db, website, actor, { websiteId: params.websiteId, preferences: body as Record<string, unknown> }),
  });

  app.route({ ...getSiteLayoutContract, handler: async ({ website, actor }) => getSiteLayout(db, website, actor) });
  app.route({
    ...updateNavigationContract,
    handler: async ({ website, actor, body }) => updateNavigation(db, website, actor, body as UpdateNavigationBody),
  });

  app.route({ ...getHeaderFooterContract, handler: async ({ website, actor }) => getHeaderFooter(db, website, actor) });
  app.route({ ...updateHeaderFooterContract, handler: async ({ website, actor, body }) => updateHeaderFooter(db, website, actor, body) });
  app.route({ ...getSiteFooterContract, handler: async ({ website, actor }) => getSiteFooter(db, website, actor) });
  app.route({
    ...updateSiteFooterContract,
    handler: async ({ website, actor, body }) => {
      const saved = await updateSiteFooter(db, website, actor, body);
      // This process's pages draw the new footer on their next request (others within CHROME_FRESH_MS).
      notifySiteChromeChanged(website.id);
      return saved;
    },
  });

  app.route({ ...getSiteAnnouncementContract, handler: async ({ website, actor }) => getSiteAnnouncement(db, website, actor) });
  app.route({
    ...updateSiteAnnouncementContract,
    handler: async ({ website, actor, body }) => {
      const saved = await updateSiteAnnouncement(db, website, actor, body);
      notifySiteChromeChanged(website.id);
      return saved;
    },
  });

  app.route({ ...getMultilingualSettingsContract, handler: async ({ website, actor }) => getMultilingualSettings(db, website, actor, translation) });
  app.route({ ...getMultilingualStatusContract, handler: async ({ website, actor }) => getMultilingualStatus(db, website, actor, translation) });
  app.route({ ...getLanguagesContract, handler: async ({ website, actor }) => getLanguages(db, website, actor) });
  app.route({ ...updateLanguagesContract, handler: async ({ website, actor, body }) => updateLanguages(db, website, actor, body) });
  app.route({ ...disconnectTranslationContract, handler: async ({ website, actor }) => disconnectTranslation(db, website, actor) });
  app.route({ ...setSiteUserLocaleContract, handler: async ({ website, actor, body }) => setSiteUserLocale(db, website, actor, body) });

  const tracking: TrackingSettingsConfig = { serverDisabled: analyticsDisabledByEnvironment() };
  app.route({ ...getTrackingSettingsContract, handler: async ({ website, actor }) => getTrackingSettings(db, website, actor, tracking) });
  app.route({ ...updateTrackingSettingsContract, handler: async ({ website, actor, body }) => updateTrackingSettings(db, website, actor, body, tracking) });

  app.route({ ...getCaptchaSettingsContract, handler: async ({ website, actor }) => getCaptchaSettings(db, website, actor) });
  app.route({ ...updateCaptchaSettingsContract, handler: async ({ website, actor, body }) => updateCaptchaSettings(db, website, actor, body) });

  app.route({ ...getSiteIdentityContract, handler: async ({ website, actor }) => getSiteIdentity(db, website, actor) });
  app.route({ ...updateSiteIdentityContract, handler: async ({ website, actor, body }) => updateSiteIdentity(db, website, actor, body) });

  app.route({ ...getWebsiteStatusContract, handler: async ({ actor }) => getWebsiteStatus(actor) });

  // The upgrade destinations (platform spec §2): a self-hosted site has nothing to sell; they say so
  // (HTML for a browser, JSON with ?format=json), to anyone, since they reveal nothing.
  for (const url of UPGRADE_DESTINATIONS) {
    fastify.get<{ Querystring: { format?: string } }>(url, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (request.query.format === 'json') return { selfHosted: true, upgrade: null, message: SELF_HOSTED_MESSAGE };
      return reply.type('text/html; charset=utf-8').send(upgradePage());
    });
  }
}
