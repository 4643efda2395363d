import { useQuery } from '@tanstack/react-query';
import type { AnnouncementColourTheme, getSiteAnnouncementContract, SiteAnnouncementJson, SiteAnnouncementReply, updateSiteAnnouncementContract } from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../../api/client';
import { useOwnerMutation } from '../../../api/hooks';

/** Settings → Announcement bar's calls (type-only imports of the contracts). */
export const ANNOUNCEMENT_ROUTES = {
  get: callRoute<typeof getSiteAnnouncementContract>('GET', '/api/owner/site-settings/announcement'),
  update: callRoute<typeof updateSiteAnnouncementContract>('PUT', '/api/owner/site-settings/announcement'),
} as const;

export type Announcement = SiteAnnouncementJson;
export const announcementKeys = { all: ['site-announcement'] as const };

export function useAnnouncement() {
  const client = useOwnerClient();
  return useQuery<SiteAnnouncementReply>({ queryKey: announcementKeys.all, queryFn: () => client.call(ANNOUNCEMENT_ROUTES.get) as Promise<SiteAnnouncementReply> });
}

export function useSaveAnnouncement() {
  const client = useOwnerClient();
  return useOwnerMutation<Announcement, SiteAnnouncementReply>({
    mutationFn: (body) => client.call(ANNOUNCEMENT_ROUTES.update, { body }) as Promise<SiteAnnouncementReply>,
    invalidates: [announcementKeys.all],
  });
}

/** The contract's SITE_ANNOUNCEMENT_LIMITS and colour themes (a type-only import cannot carry values; a test holds them equal). */
export const ANNOUNCEMENT_LIMITS = { textLength: 160, linkLabelLength: 40 } as const;
export const COLOUR_THEMES: ReadonlyArray<{ value: AnnouncementColourTheme; label: string }> = [
  { value: 'dark', label: 'Dark' },
  { value: 'accent', label: 'Accent' },
  { value: 'light', label: 'Light (the page’s colours)' },
];

export const ANNOUNCEMENT_TEXTS = {
  intro: 'One line above the header of every page: a sale, free shipping, opening hours. Its colours come from the site’s colour themes (Design).',
  enabled: 'Show the announcement bar',
  text: 'Announcement',
  textHint: 'Up to 160 characters.',
  linkLabel: 'Link text',
  linkUrl: 'Link address',
  linkHint: 'Optional: a page of this site (/shop) or a full address (https://…).',
  colourTheme: 'Colour theme',
  readOnly: 'Your role may look at the announcement bar but not change it.',
  save: 'Save announcement bar',
  saving: 'Saving…',
  saved: 'Saved. Every page shows it from the next visit.',
} as const;
