import type { Kysely } from 'kysely';
import type { Database, Website } from './db/schema';
import type { Crumbs } from './http/crumb';
import type { PaymentProvider } from './orders/payment-provider';
import type { ThemeRenderer } from './rendering/theme-renderer';

/** What every route needs: the database, the website this server serves, and shared services. */
export interface ServerContext {
  db: Kysely<Database>;
  website: Website;
  crumbs: Crumbs;
  secureCookies: boolean;
  payments: PaymentProvider;
  /** The site's theme, compiled once at start. */
  theme: ThemeRenderer;
}
