import type { Kysely } from 'kysely';
import { roleName, type OwnerWebsitesReply } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize, OWNER_MESSAGES } from '../authorize';
import type { Database, Website } from '../db/schema';
import { forbidden } from '../failures';
import { siteUrlOf, type MailSettings } from '../mail';
import { platformAccountOfSiteUser } from '../site-users';
import { websitesOfAccount } from './contributors';

/**
 * The owner app's website switcher (issue 32): the websites the signed-in contributor's platform account works on,
 * with its role on each (each website's contributors row), this one marked current, each opened through the platform's
 * hand-off. In one-site mode, or for an account of this website's own (not a platform account), just this website.
 */
export async function listOwnerWebsites(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  mail: Pick<MailSettings, 'publicUrl' | 'platformDomain'>,
): Promise<OwnerWebsitesReply> {
  const owner = authorize(actor, 'contributor');
  if (owner === 'system' || !('role' in owner)) throw forbidden(OWNER_MESSAGES.apiKeyHasNoAccount);
  const platformUrl = mail.platformDomain ? mail.publicUrl : null;
  const openUrlOf = (websiteId: string) => (platformUrl ? `${platformUrl}/websites/${encodeURIComponent(websiteId)}/open` : null);
  const thisOne = {
    websiteId: website.id,
    title: website.site_title,
    address: siteUrlOf(mail, website),
    role: owner.role,
    roleName: roleName(owner.role),
    current: true,
    openUrl: openUrlOf(website.id),
  };
  const accountId = platformUrl ? await platformAccountOfSiteUser(db, website.id, owner.siteUser.id) : null;
  if (!accountId) return { platformUrl, websites: [thisOne] };
  const websites = await websitesOfAccount(db, accountId);
  return {
    platformUrl,
    websites: websites.map((other) =>
      other.websiteId === website.id
        ? thisOne
        : { websiteId: other.websiteId, title: other.title, address: siteUrlOf(mail, other), role: other.role, roleName: roleName(other.role), current: false, openUrl: openUrlOf(other.websiteId) },
    ),
  };
}
