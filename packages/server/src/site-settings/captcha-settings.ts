import type { Kysely } from 'kysely';
import type { CaptchaSettingsBody, CaptchaSettingsJson } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import { isCaptchaEnabled } from '../captcha';
import type { Database, Website } from '../db/schema';
import { notFound } from '../failures';
import { newSecret } from '../ids';
import { notifyWebsiteChanged } from '../websites';

/**
 * The website's captcha switch (issue 16). A website has a captcha when it has a site key
 * (`websites.captcha_site_key`, served as `website.captchaSettings.siteKey`; server README "Captcha"): ALTCHA
 * needs no provider account, so the key is only a switch. On makes a new random key (a key already there is
 * kept), off clears it. The website caches are told at once (this process serves the change on its next
 * request, the others within WEBSITE_FRESH_MS), like the tracking switches.
 */

const captchaSettingsOf = (website: Pick<Website, 'captcha_site_key'>): CaptchaSettingsJson => ({ enabled: isCaptchaEnabled(website) });

/** GET /api/owner/site-settings/captcha. */
export async function getCaptchaSettings(_db: Kysely<Database>, website: Website, actor: Actor): Promise<CaptchaSettingsJson> {
  authorize(actor, 'site:read');
  return captchaSettingsOf(website);
}

/** PUT /api/owner/site-settings/captcha `{ enabled }`. */
export async function updateCaptchaSettings(db: Kysely<Database>, website: Website, actor: Actor, input: CaptchaSettingsBody): Promise<CaptchaSettingsJson> {
  authorize(actor, 'site:write');
  const query = db.updateTable('websites').where('id', '=', website.id);
  const updated = await (input.enabled
    ? query.set({ captcha_site_key: `site_${newSecret()}` }).where((eb) => eb.or([eb('captcha_site_key', 'is', null), eb('captcha_site_key', '=', '')]))
    : query.set({ captcha_site_key: null })
  )
    .returning('captcha_site_key')
    .executeTakeFirst();
  notifyWebsiteChanged(website.id);
  if (updated) return captchaSettingsOf(updated);
  // On, with a key already there (no row matched the update): read what is stored.
  const row = await db.selectFrom('websites').select('captcha_site_key').where('id', '=', website.id).executeTakeFirst();
  if (!row) throw notFound('That website no longer exists.');
  return captchaSettingsOf(row);
}
