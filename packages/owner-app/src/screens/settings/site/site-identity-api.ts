import { useQuery } from '@tanstack/react-query';
import type { getSiteIdentityContract, SiteIdentityBody, SiteIdentityJson, updateSiteIdentityContract } from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../../api/client';
import { useOwnerMutation } from '../../../api/hooks';

/** Settings → Site identity's calls (type-only imports of the contracts). */
export const SITE_IDENTITY_ROUTES = {
  identity: callRoute<typeof getSiteIdentityContract>('GET', '/api/owner/site-settings/identity'),
  updateIdentity: callRoute<typeof updateSiteIdentityContract>('PUT', '/api/owner/site-settings/identity'),
} as const;

export const siteIdentityKeys = { identity: ['site-settings', 'identity'] as const };

/**
 * The contracts' SITE_IDENTITY_LIMITS, copied because the bundle imports the contracts for types only;
 * site-identity.test.tsx holds the two equal.
 */
export const SITE_IDENTITY_FIELD_LIMITS = {
  siteTitleLength: 100,
  taglineLength: 200,
  logoAltTextLength: 250,
} as const;

export function useSiteIdentity() {
  const client = useOwnerClient();
  return useQuery<SiteIdentityJson>({ queryKey: siteIdentityKeys.identity, queryFn: () => client.call(SITE_IDENTITY_ROUTES.identity) as Promise<SiteIdentityJson> });
}

export function useSaveSiteIdentity() {
  const client = useOwnerClient();
  return useOwnerMutation<SiteIdentityBody, SiteIdentityJson>({
    mutationFn: (body) => client.call(SITE_IDENTITY_ROUTES.updateIdentity, { body }) as Promise<SiteIdentityJson>,
    invalidates: [siteIdentityKeys.identity],
  });
}

/** What the form edits: every field the call takes. */
export interface SiteIdentityDraft {
  siteTitle: string;
  tagline: string;
  logoImageId: string | null;
  logoAltText: string;
  faviconImageId: string | null;
  socialImageId: string | null;
}

export const draftOf = (identity: SiteIdentityJson): SiteIdentityDraft => ({
  siteTitle: identity.siteTitle,
  tagline: identity.tagline,
  logoImageId: identity.logoImageId,
  logoAltText: identity.logoAltText,
  faviconImageId: identity.faviconImageId,
  socialImageId: identity.socialImageId,
});

/** The checks the app makes before sending (the server makes them again, and the picture checks only it can). */
export function checkDraft(draft: SiteIdentityDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (draft.siteTitle.trim() === '') errors.siteTitle = SITE_IDENTITY_TEXTS.titleRequired;
  if (draft.logoImageId && draft.logoAltText.trim() === '') errors.logoAltText = SITE_IDENTITY_TEXTS.altRequired;
  return errors;
}

export const SITE_IDENTITY_TEXTS = {
  intro: 'How the site names itself: in the header and footer, in browser tabs and search results, on shared links and in the mail it sends.',
  readOnly: 'Your role may see the site’s identity but not change it: admins and website managers can.',
  nameHeading: 'Name',
  picturesHeading: 'Pictures',
  siteTitle: 'Site title',
  siteTitleHint: 'Every page’s title ends with it (“Shop · Your site”). Shown in the header when there is no logo, and always in the footer.',
  tagline: 'Tagline',
  taglineHint: 'A line under the title in the footer. Leave empty for none.',
  logo: 'Logo',
  logoHint: 'Shown in the header instead of the title, at most 48 px high and 240 px wide (40 × 140 px on phones), and at the top of the mail the site sends. A wide PNG with a transparent background works best.',
  logoAltText: 'Logo alt text',
  logoAltHint: 'What the logo says, for visitors who cannot see it: usually the site’s name as the logo writes it.',
  favicon: 'Favicon',
  faviconHint: 'The icon in browser tabs and on phones’ home screens: square, at least 32 × 32 px (180 × 180 or more is best).',
  socialImage: 'Social sharing picture',
  socialImageHint: 'Shown when a link to a page without a picture of its own is shared: 1200 × 630 px is best, at least 200 × 200 (not AVIF).',
  upload: 'Upload picture',
  uploadNamed: (field: string) => `Upload ${field.toLowerCase()}`,
  describeLogoHint: 'What the logo says, for visitors who cannot see it (for example “Linen & Clay”). It becomes the logo’s alt text.',
  preview: 'Preview',
  previewHelp: 'The header as visitors see it with these settings, and the browser tab.',
  previewNav: ['Shop', 'About', 'Cart'],
  tabTitle: (title: string) => `Shop · ${title}`,
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved. Every page shows it from the next visit.',
  titleRequired: 'Enter the site title.',
  altRequired: 'Describe the logo for visitors who cannot see it: usually the site’s name as the logo writes it.',
  fixFirst: 'Check the fields marked below.',
} as const;
