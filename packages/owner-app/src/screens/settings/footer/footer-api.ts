import { useQuery } from '@tanstack/react-query';
import type { getSiteFooterContract, SiteFooterJson, SiteFooterReply, SocialNetwork, updateSiteFooterContract } from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../../api/client';
import { useOwnerMutation } from '../../../api/hooks';

/** Settings → Footer's calls (type-only imports of the contracts). */
export const FOOTER_ROUTES = {
  get: callRoute<typeof getSiteFooterContract>('GET', '/api/owner/site-settings/footer'),
  update: callRoute<typeof updateSiteFooterContract>('PUT', '/api/owner/site-settings/footer'),
} as const;

export type Footer = SiteFooterJson;
export const footerKeys = { all: ['site-footer'] as const };

export function useFooter() {
  const client = useOwnerClient();
  return useQuery<SiteFooterReply>({ queryKey: footerKeys.all, queryFn: () => client.call(FOOTER_ROUTES.get) as Promise<SiteFooterReply> });
}

export function useSaveFooter() {
  const client = useOwnerClient();
  return useOwnerMutation<Footer, SiteFooterReply>({
    mutationFn: (body) => client.call(FOOTER_ROUTES.update, { body }) as Promise<SiteFooterReply>,
    invalidates: [footerKeys.all],
  });
}

/** The contract's SITE_FOOTER_LIMITS (a type-only import cannot carry numbers; a test holds them equal). */
export const FOOTER_LIMITS = { columns: 4, linksPerColumn: 8, socialLinks: 8, titleLength: 60, labelLength: 60, legalTextLength: 500 } as const;

/** The contract's SOCIAL_NETWORKS with the names visitors read. */
export const NETWORKS: ReadonlyArray<{ value: SocialNetwork; name: string }> = [
  { value: 'instagram', name: 'Instagram' },
  { value: 'facebook', name: 'Facebook' },
  { value: 'x', name: 'X' },
  { value: 'tiktok', name: 'TikTok' },
  { value: 'youtube', name: 'YouTube' },
  { value: 'pinterest', name: 'Pinterest' },
  { value: 'linkedin', name: 'LinkedIn' },
];

export const FOOTER_TEXTS = {
  intro: 'The columns of links, social links and legal line at the bottom of every page.',
  madeForYou: 'Made from your site’s stores and pages: it changes as they do until you save your own.',
  column: (n: number) => `Column ${n}`,
  columnTitle: (n: number) => `Title of column ${n}`,
  linkText: (n: number, m: number) => `Text of link ${m} in column ${n}`,
  linkUrl: (n: number, m: number) => `Address of link ${m} in column ${n}`,
  urlHint: 'A page of this site (/about) or a full address (https://…, mailto:…).',
  addLink: (n: number) => `Add a link to column ${n}`,
  removeLink: (n: number, m: number) => `Remove link ${m} from column ${n}`,
  addColumn: 'Add column',
  removeColumn: (n: number) => `Remove column ${n}`,
  social: 'Social links',
  network: (m: number) => `Network of social link ${m}`,
  socialUrl: (m: number) => `Address of social link ${m}`,
  addSocial: 'Add social link',
  removeSocial: (m: number) => `Remove social link ${m}`,
  legal: 'Legal text',
  legalHint: 'Company details, VAT number: the footer’s last line (instead of “Powered by Vitrine”).',
  save: 'Save footer',
  saving: 'Saving…',
  saved: 'Saved. Every page shows the new footer from the next visit.',
  readOnly: 'Your role may look at the footer but not change it.',
  fixFirst: 'Check the fields marked below.',
} as const;
