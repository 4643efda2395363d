import type { Kysely } from 'kysely';
import type { Database, Website } from '../db/schema';
import type { Crumbs } from '../http/crumb';
import type { ThemeRenderer } from '../rendering/theme-renderer';

/**
 * What every website on this deployment shares, built once when the app starts (app.ts) and never per request:
 * the database all their rows live in (each row carries its website_id), whether cookies are Secure, the crumbs
 * signed with the deployment's secret 'crumb', and the compiled theme (the theme registry: one compiled theme
 * serves every website that uses it). What belongs to one website — `request.website` and `request.actor` — is
 * resolved per request (http/request-context.ts) and passed to services beside these parts.
 *
 * The other shared parts are named by the route files that take them (`SharedParts & { mail: MailSettings }`,
 * site-users' `SignInRouteParts`): the stores (rate limits, pictures, digital files, lesson videos), the secrets
 * loaded at start (TOTP sealing, mail links, captcha), the payment provider. This folder sits low in the domain
 * graph (db/, http/, rendering/ only) so that every route file may import it.
 */
export interface SharedParts {
  db: Kysely<Database>;
  secureCookies: boolean;
  /** Origins pages may play media from besides their own: the bucket lesson videos are redirected to (STORAGE_URL). */
  mediaSources?: readonly string[];
  crumbs: Crumbs;
  /** The default theme's renderer (every website without a theme of its own). */
  theme: ThemeRenderer;
  /**
   * The theme a website renders with, resolved per request (themes/registry.ts: compiled themes shared by hash), and
   * its chosen upload's parsed theme.json and assets address (undefined: the default theme), which site styles read.
   */
  themes: {
    rendererFor(website: Website): Promise<ThemeRenderer>;
    manifestFor(website: Website): Promise<{ manifest: unknown; assetsUrl: string } | undefined>;
    /** The website's theme choice changed in this process (kept up to a second otherwise). */
    forget(websiteId: string): void;
  };
}
