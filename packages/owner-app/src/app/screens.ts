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
  { path: '/config/pages', title: 'Pages', permission: 'content:read', load: () => import('../screens/pages/PagesScreen') },
  { path: '/config/media', title: 'Media', permission: 'catalog:read', load: () => import('../screens/media/MediaScreen') },
  { path: '/config/design', title: 'Design', permission: 'site:read', load: () => import('../screens/design/DesignScreen') },
  { path: '/config/design/templates', title: 'Templates', permission: 'site:read', load: () => import('../screens/design/TemplatesScreen') },
  { path: '/config/design/themes', title: 'Themes', permission: 'themes:manage', load: () => import('../screens/themes/ThemesScreen') },
  { path: '/config/popup', title: 'Popup', permission: 'content:read', load: () => import('../screens/popup/PopupScreen') },
  { path: '/config/experiments', title: 'Experiments', permission: 'site:read', load: () => import('../screens/experiments/ExperimentsScreen') },
  { path: '/config/products', title: 'Products', permission: 'catalog:read', load: () => import('../screens/products/ProductsScreen') },
  { path: '/config/orders', title: 'Orders', permission: 'orders:read', load: () => import('../screens/orders/OrdersScreen') },
  { path: '/config/subscriptions', title: 'Subscriptions', permission: 'orders:read', load: () => import('../screens/subscriptions/SubscriptionsScreen') },
  { path: '/config/discounts', title: 'Discounts', permission: 'store-settings:read', load: () => import('../screens/discounts/DiscountsScreen') },
  { path: '/config/gift-cards', title: 'Gift cards', permission: 'orders:read', load: () => import('../screens/gift-cards/GiftCardsScreen') },
  { path: '/config/members', title: 'Members', permission: 'members:read', load: () => import('../screens/members/MembersScreen') },
  { path: '/config/courses', title: 'Courses', permission: 'content:read', load: () => import('../screens/courses/CoursesScreen') },
  { path: '/config/reviews', title: 'Reviews', permission: 'reviews:moderate', load: () => import('../screens/reviews/ReviewsScreen') },
  { path: '/config/comments', title: 'Comments', permission: 'comments:moderate', load: () => import('../screens/comments/CommentsScreen') },
  { path: '/config/forms', title: 'Forms', permission: 'forms:read', load: () => import('../screens/forms/FormsScreen') },
  { path: '/config/restock', title: 'Restock', permission: 'orders:read', load: () => import('../screens/restock/RestockScreen') },
  { path: '/config/mail', title: 'Mail', permission: 'mail:read', load: () => import('../screens/mail/MailScreen') },
  { path: '/config/settings', title: 'Settings', load: () => import('../screens/settings/SettingsScreen') },
];

/**
 * The screen at an address: its own path, or a path beneath it (`/config/orders/ord_1` is the Orders screen's,
 * which reads the rest with `useSubPath`). The dashboard owns `/config` alone.
 */
export function screenAt(pathname: string): ScreenDefinition | undefined {
  return (
    SCREENS.find((screen) => screen.path === pathname) ??
    SCREENS.find((screen) => screen.path !== '/config' && pathname.startsWith(`${screen.path}/`))
  );
}
