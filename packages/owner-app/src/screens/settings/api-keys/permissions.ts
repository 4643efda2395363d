import type { Permission } from '@vitrine/contracts';

/**
 * What each permission lets a key do: the contracts' PERMISSIONS, copied here because the app imports
 * @vitrine/contracts for types only (no TypeBox in the bundle). A unit test holds the two equal.
 */
export const PERMISSION_DESCRIPTIONS: Readonly<Record<Permission, string>> = {
  'catalog:read': 'See products, stock, categories and images',
  'catalog:write': 'Create, edit and archive products; set and adjust stock; upload images; import and export products',
  'media:write': 'Upload, rename, replace and delete pictures in the media library',
  'orders:read': "See orders and the shoppers' details on them; export orders",
  'orders:write': 'Fulfil, cancel and refund orders',
  'store-settings:read': 'See commerce preferences and the store pages',
  'store-settings:write': 'Change commerce preferences, create stores, the product feed and its pixel',
  'site:read': 'See navigation, header and footer, languages, tracking switches',
  'site:write': 'Change navigation, header and footer, languages, tracking switches',
  'site-identity:write': "Change the site's title, tagline, logo, favicon and social sharing picture",
  'themes:manage': 'Upload themes and choose the one the site renders with (Design → Themes; admins only)',
  'site-styles:write': "Change and publish the site's styles (colours, fonts, spacing, buttons) and restore past versions",
  'reports:read': 'See analytics and sales reports',
  'forms:read': "See the site's forms and what visitors sent through them; export submissions",
  'forms:write': 'Build, change and delete forms; mark submissions as spam and delete them',
  'mail:read': 'Read the mail the website sent and is sending',
  'campaigns:manage': 'Write, preview, test, schedule, send and cancel newsletter campaigns; see what they sent and the clicks',
  'billing:read': "See the website's status and plan",
  'contributors:manage': 'Invite contributors and change their roles',
  'domains:manage': 'Add, verify and remove custom domains; choose the primary one',
  'api-keys:manage': 'Create and delete API keys',
  'redirects:manage': 'See the not-found report; add, change, delete, import and export URL redirects',
  'site-archives:manage': 'Export the whole site as an archive (with orders, customers and subscribers when asked), download it, and import one into a new website (admins only)',
  'webhooks:manage': 'Add, change and remove webhook endpoints, rotate their secrets, see their deliveries and resend them (admins only)',
  'comments:moderate': 'Approve and remove comments and reviews',
  'reviews:moderate': 'Approve, hide and reply to product reviews',
  'content:read': "See the site's pages, posts and events, their drafts and revisions; preview them",
  'content:write': 'Create, edit, publish, schedule and delete pages, posts and events; arrange the page tree',
  'members:read': "See member areas, their members (shoppers' emails) and password-protected pages",
  'members:write': 'Create, change and delete member areas; grant and revoke memberships; set page passwords',
};

/** The permissions in the order the contracts list them. */
export const PERMISSION_ORDER = Object.keys(PERMISSION_DESCRIPTIONS) as Permission[];
