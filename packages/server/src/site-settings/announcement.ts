import type { Kysely } from 'kysely';
import { SITE_ANNOUNCEMENT_MESSAGES, type SiteAnnouncementBody, type SiteAnnouncementReply } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, SiteAnnouncement, Website } from '../db/schema';
import { invalid } from '../failures';
import { siteLinkCheck } from './footer';
import { readAnnouncement, saveAnnouncement } from './queries';

/**
 * The announcement bar above the header (issue 34 item 4): one line, an optional link, a section colour theme. Off
 * until the owner turns it on; a bar that is on needs its text; a link needs both its text and its address, and a
 * link to a path of this site must name a page that exists (when saved; at render a link to a page that is no longer
 * live is left out and the text stays).
 */

export const NO_ANNOUNCEMENT: SiteAnnouncement = { enabled: false, text: '', linkLabel: '', linkUrl: '', colourTheme: 'dark' };

/** What pages draw above the header, or null for no bar. */
export interface ShownAnnouncement {
  text: string;
  link: { label: string; url: string } | null;
  colourTheme: SiteAnnouncement['colourTheme'];
}

export async function loadShownAnnouncement(db: Kysely<Database>, websiteId: string): Promise<ShownAnnouncement | null> {
  const saved = await readAnnouncement(db, websiteId);
  if (!saved?.enabled || saved.text === '') return null;
  const hasLink = saved.linkUrl !== '' && saved.linkLabel !== '';
  const isLive = hasLink && saved.linkUrl.startsWith('/') ? await siteLinkCheck(db, websiteId, { liveOnly: true }) : () => true;
  return { text: saved.text, link: hasLink && isLive(saved.linkUrl) ? { label: saved.linkLabel, url: saved.linkUrl } : null, colourTheme: saved.colourTheme };
}

/** GET /api/owner/site-settings/announcement. */
export async function getSiteAnnouncement(db: Kysely<Database>, website: Website, actor: Actor): Promise<SiteAnnouncementReply> {
  authorize(actor, 'site:read');
  return { announcement: (await readAnnouncement(db, website.id)) ?? NO_ANNOUNCEMENT };
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** PUT /api/owner/site-settings/announcement: the whole bar; each problem by its field, nothing saved. */
export async function updateSiteAnnouncement(db: Kysely<Database>, website: Website, actor: Actor, input: SiteAnnouncementBody): Promise<SiteAnnouncementReply> {
  authorize(actor, 'site:write');
  const announcement: SiteAnnouncement = {
    enabled: input.enabled,
    text: oneLine(input.text),
    linkLabel: oneLine(input.linkLabel),
    linkUrl: input.linkUrl.trim(),
    colourTheme: input.colourTheme as SiteAnnouncement['colourTheme'],
  };
  const errors: Record<string, string> = {};
  if (announcement.enabled && announcement.text === '') errors.text = SITE_ANNOUNCEMENT_MESSAGES.textRequired;
  if (announcement.linkUrl !== '' && announcement.linkLabel === '') errors.linkLabel = SITE_ANNOUNCEMENT_MESSAGES.linkLabelRequired;
  if (announcement.linkLabel !== '' && announcement.linkUrl === '') errors.linkUrl = SITE_ANNOUNCEMENT_MESSAGES.linkUrlRequired;
  if (announcement.linkUrl.startsWith('/') && !(await siteLinkCheck(db, website.id, { liveOnly: false }))(announcement.linkUrl)) {
    errors.linkUrl = SITE_ANNOUNCEMENT_MESSAGES.noSuchPage(announcement.linkUrl.split(/[?#]/)[0]!);
  }
  const fields = Object.keys(errors);
  if (fields.length > 0) throw invalid(errors[fields[0]!]!, errors);
  await saveAnnouncement(db, website.id, announcement);
  return { announcement };
}
