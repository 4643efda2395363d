import type { ContributorRole, ContributorRoleName } from '@vitrine/contracts';

/**
 * The contributor roles as the panel offers them: the contracts' CONTRIBUTOR_ROLES codes (copied: the app imports
 * @vitrine/contracts for types only; a unit test holds them equal), each with its label and what it may do (the
 * server README's matrix in a line). The roles with owner calls come first; the others are kept for the sites
 * that use them.
 */
export interface RoleChoice {
  role: ContributorRole;
  name: ContributorRoleName;
  label: string;
  summary: string;
}

export const ROLE_CHOICES: readonly RoleChoice[] = [
  { role: 1, name: 'admin', label: 'Admin', summary: 'Everything, including contributors and billing.' },
  { role: 15, name: 'websiteManager', label: 'Website manager', summary: 'Everything but contributors and billing.' },
  { role: 8, name: 'storeManager', label: 'Store manager', summary: 'Products, orders, store settings, reports and mail.' },
  { role: 4, name: 'editor', label: 'Editor', summary: 'The site: navigation, header and footer, languages, forms.' },
  { role: 3, name: 'reporting', label: 'Reporting', summary: 'Reads reports, orders and form submissions.' },
  { role: 2, name: 'billing', label: 'Billing', summary: "The website's status and plan." },
  { role: 10, name: 'viewer', label: 'Viewer', summary: 'Looks at products and settings; changes nothing.' },
  { role: 6, name: 'moderator', label: 'Moderator', summary: 'Approves and removes comments and reviews.' },
  { role: 11, name: 'campaignsEditor', label: 'Campaigns editor', summary: 'Writes and sends newsletter campaigns (Mail → Campaigns).' },
  { role: 7, name: 'commenter', label: 'Commenter', summary: 'No owner screens.' },
  { role: 9, name: 'scheduling', label: 'Scheduling', summary: 'No owner screens.' },
  { role: 12, name: 'schedulingViewer', label: 'Scheduling viewer', summary: 'No owner screens.' },
  { role: 13, name: 'schedulingEditor', label: 'Scheduling editor', summary: 'No owner screens.' },
  { role: 14, name: 'none', label: 'None', summary: 'No access.' },
];

/** The roles offered when inviting: those that open owner screens. */
export const INVITE_ROLES = ROLE_CHOICES.slice(0, 9);

export const roleLabel = (role: number): string => ROLE_CHOICES.find((choice) => choice.role === role)?.label ?? `Role ${role}`;
