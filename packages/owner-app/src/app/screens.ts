import type { ComponentType } from 'react';
import type { Permission } from '@vitrine/contracts';

/**
 * The app's screens: one path each, in the navigation's order. A screen with `load` is its own chunk
 * (React.lazy), fetched when first opened; one without is announced as coming (a later session builds it).
 * Adding a screen: a folder under src/screens/ with a default-exported component, and a line here.
 */
export interface ScreenDefinition {
  path: string;
  /** The navigation's label, the page title and the screen's heading. */
  title: string;
  /** What the screen's calls need (the server refuses without it; the screen then says so). */
  permission?: Permission;
  load?: () => Promise<{ default: ComponentType }>;
  /** For a coming screen: what it will do. */
  summary?: string;
}

export const SCREENS: readonly ScreenDefinition[] = [
  { path: '/config', title: 'Dashboard', permission: 'reports:read', load: () => import('../screens/dashboard/DashboardScreen') },
  {
    path: '/config/products',
    title: 'Products',
    permission: 'catalog:read',
    load: () => import('../screens/products/ProductsScreen'),
  },
  { path: '/config/orders', title: 'Orders', permission: 'orders:read', summary: 'Orders with filters, their details, fulfilment, cancellation, refunds and the CSV export.' },
  { path: '/config/forms', title: 'Forms', permission: 'forms:read', summary: 'The form builder, form submissions, newsletter subscribers, restock sign-ups and the mail outbox.' },
  {
    path: '/config/settings',
    title: 'Settings',
    summary: 'Header and footer, navigation, commerce preferences, languages, captcha, API keys, the dynamic ads feed and contributors.',
  },
];

export function screenAt(pathname: string): ScreenDefinition | undefined {
  return SCREENS.find((screen) => screen.path === pathname);
}
