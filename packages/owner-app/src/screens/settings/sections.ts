import type { ComponentType } from 'react';
import type { Permission } from '@vitrine/contracts';

/**
 * The Settings screen's sections, each at `/config/settings/<slug>` and its own chunk. A section is shown in
 * the index only to a role that may read it; its component starts at h2 (the screen's h1 is its title).
 */
export interface SettingsSection {
  slug: string;
  title: string;
  /** One line in the index: what the owner finds there. */
  description: string;
  /** What reading it needs. */
  permission: Permission;
  group: 'Site' | 'Store' | 'Access';
  load: () => Promise<{ default: ComponentType }>;
}

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { slug: 'site', title: 'Site identity', description: 'The site’s title, tagline, logo, favicon and the picture shared links show.', permission: 'site:read', group: 'Site', load: () => import('./site/SiteIdentitySection') },
  { slug: 'header-footer', title: 'Header and footer', description: 'The text and links at the top and bottom of every page, with a preview.', permission: 'site:read', group: 'Site', load: () => import('./header-footer/HeaderFooterSection') },
  { slug: 'announcement', title: 'Announcement bar', description: 'One line above the header of every page, with a link, in one of the site’s colour themes.', permission: 'site:read', group: 'Site', load: () => import('./announcement/AnnouncementSection') },
  { slug: 'footer', title: 'Footer', description: 'The columns of links, social links and legal text at the bottom of every page.', permission: 'site:read', group: 'Site', load: () => import('./footer/FooterSection') },
  { slug: 'navigation', title: 'Navigation', description: 'The menu: reorder, nest, and link to pages or other sites.', permission: 'site:read', group: 'Site', load: () => import('./navigation/NavigationSection') },
  { slug: 'languages', title: 'Languages', description: 'The languages the site is offered in.', permission: 'site:read', group: 'Site', load: () => import('./languages/LanguagesSection') },
  { slug: 'domains', title: 'Domains', description: 'The addresses the site answers at: your own domains, and which one is primary.', permission: 'domains:manage', group: 'Site', load: () => import('./domains/DomainsSection') },
  { slug: 'redirects', title: 'URL redirects', description: 'Send visitors from old addresses to new ones, import and export them, and see the addresses visitors miss.', permission: 'redirects:manage', group: 'Site', load: () => import('./redirects/RedirectsSection') },
  { slug: 'export-import', title: 'Export and import', description: 'Download the whole site as one archive, or import an archive into a new website.', permission: 'site-archives:manage', group: 'Site', load: () => import('./site-archives/SiteArchivesSection') },
  { slug: 'import', title: 'Import', description: 'Move in from WordPress or Squarespace: pages, posts, comments and pictures, with redirects from the old addresses.', permission: 'site-archives:manage', group: 'Site', load: () => import('./site-imports/SiteImportsSection') },
  { slug: 'captcha', title: 'Captcha', description: 'A challenge on forms and sign-ups that keeps bots out.', permission: 'site:read', group: 'Site', load: () => import('./captcha/CaptchaSection') },
  { slug: 'stores', title: 'Stores', description: 'Each store’s title and description in search results, and the picture its shared links show.', permission: 'catalog:read', group: 'Store', load: () => import('./stores/StoresSection') },
  { slug: 'commerce', title: 'Commerce preferences', description: 'How the store sells: currency, checkout and store pages.', permission: 'store-settings:read', group: 'Store', load: () => import('./commerce/CommerceSection') },
  { slug: 'shipping', title: 'Shipping', description: 'Where the store ships, and the rates shoppers choose from.', permission: 'store-settings:read', group: 'Store', load: () => import('./shipping/ShippingSection') },
  { slug: 'taxes', title: 'Taxes', description: 'Tax rates by country and region, and whether prices include tax.', permission: 'store-settings:read', group: 'Store', load: () => import('./taxes/TaxesSection') },
  { slug: 'coupons', title: 'Coupons', description: 'Discount codes shoppers enter at checkout.', permission: 'store-settings:read', group: 'Store', load: () => import('./coupons/CouponsSection') },
  { slug: 'abandoned-carts', title: 'Abandoned carts', description: 'One reminder to shoppers who left a cart with their email, after the delay you choose.', permission: 'store-settings:read', group: 'Store', load: () => import('./abandoned-carts/AbandonedCartsSection') },
  { slug: 'ads-feed', title: 'Dynamic ads feed', description: 'The product feed for ads, and its pixel.', permission: 'store-settings:read', group: 'Store', load: () => import('./ads-feed/AdsFeedSection') },
  { slug: 'webhooks', title: 'Webhooks', description: 'Tell other systems when an order, product or customer changes.', permission: 'webhooks:manage', group: 'Access', load: () => import('./webhooks/WebhooksSection') },
  { slug: 'api-keys', title: 'API keys', description: 'Keys that let other programs call the owner API.', permission: 'api-keys:manage', group: 'Access', load: () => import('./api-keys/ApiKeysSection') },
  { slug: 'headless', title: 'Headless API', description: 'Publishable keys and allowed origins for other frontends that read your catalog and content.', permission: 'api-keys:manage', group: 'Access', load: () => import('./headless/HeadlessSection') },
  { slug: 'contributors', title: 'Contributors', description: 'Who may work on the site, and their roles.', permission: 'contributors:manage', group: 'Access', load: () => import('./contributors/ContributorsSection') },
];

export function settingsSectionAt(slug: string | undefined): SettingsSection | undefined {
  return SETTINGS_SECTIONS.find((section) => section.slug === slug);
}
