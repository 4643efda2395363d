/**
 * Who may do what on the owner's side. The contributor roles are the platform's (spec §3, with their
 * codes); what each may do is ours (the spec does not say), written once here so the server enforces it
 * and the owner app hides what a role cannot use. The server README prints this matrix.
 */
export const CONTRIBUTOR_ROLES = {
  admin: 1,
  billing: 2,
  reporting: 3,
  editor: 4,
  moderator: 6,
  commenter: 7,
  storeManager: 8,
  scheduling: 9,
  viewer: 10,
  campaignsEditor: 11,
  schedulingViewer: 12,
  schedulingEditor: 13,
  none: 14,
  websiteManager: 15,
} as const;

export type ContributorRoleName = keyof typeof CONTRIBUTOR_ROLES;
export type ContributorRole = (typeof CONTRIBUTOR_ROLES)[ContributorRoleName];

export const CONTRIBUTOR_ROLE_CODES: readonly ContributorRole[] = Object.values(CONTRIBUTOR_ROLES);

export function isContributorRole(value: unknown): value is ContributorRole {
  return typeof value === 'number' && (CONTRIBUTOR_ROLE_CODES as readonly number[]).includes(value);
}

export function roleName(role: ContributorRole): ContributorRoleName {
  return (Object.keys(CONTRIBUTOR_ROLES) as ContributorRoleName[]).find((name) => CONTRIBUTOR_ROLES[name] === role)!;
}

/** Everything an owner call may need, in words a README reader understands. */
export const PERMISSIONS = {
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
} as const;

export type Permission = keyof typeof PERMISSIONS;

const ALL = Object.keys(PERMISSIONS) as Permission[];
const READ_SHOP: Permission[] = ['catalog:read', 'store-settings:read', 'site:read', 'content:read'];

/**
 * The matrix. Admins may do everything; a website manager everything but contributors, billing and custom domains (so
 * both may change the site's identity, its name and logo, and its styles, which no other role may); a
 * store manager runs the shop (catalog, orders, commerce settings, reports); an editor changes the site
 * (navigation, header and footer, languages, pages, posts and events) and may look at the shop; both keep the
 * site's old addresses working (URL redirects, whose automatic ones their own changes of address make); reporting reads numbers and
 * orders; billing sees the plan; a viewer only looks (no shoppers' details); moderators moderate.
 * A campaigns editor writes and sends newsletter campaigns (and reads the catalog for their product cards); a store
 * manager may too. Commenters, the scheduling roles and "none" have no owner calls.
 */
export const ROLE_PERMISSIONS: Readonly<Record<ContributorRoleName, readonly Permission[]>> = {
  admin: ALL,
  websiteManager: ALL.filter((permission) => permission !== 'contributors:manage' && permission !== 'billing:read' && permission !== 'domains:manage' && permission !== 'themes:manage' && permission !== 'webhooks:manage' && permission !== 'site-archives:manage'),
  storeManager: [...READ_SHOP, 'catalog:write', 'media:write', 'orders:read', 'orders:write', 'store-settings:write', 'reports:read', 'mail:read', 'reviews:moderate', 'members:read', 'redirects:manage', 'campaigns:manage'],
  editor: [...READ_SHOP, 'site:write', 'media:write', 'forms:read', 'forms:write', 'content:write', 'members:read', 'redirects:manage'],
  reporting: [...READ_SHOP, 'orders:read', 'reports:read', 'forms:read', 'members:read'],
  billing: ['billing:read', 'store-settings:read'],
  viewer: READ_SHOP,
  moderator: ['comments:moderate', 'reviews:moderate'],
  commenter: [],
  scheduling: [],
  schedulingViewer: [],
  schedulingEditor: [],
  campaignsEditor: ['campaigns:manage', 'catalog:read'],
  none: [],
};

export function permissionsOf(role: ContributorRole): readonly Permission[] {
  return ROLE_PERMISSIONS[roleName(role)];
}

export function roleMay(role: ContributorRole, permission: Permission): boolean {
  return permissionsOf(role).includes(permission);
}
