import type { Kysely } from 'kysely';
import type { ApiKeyRateLimit } from './api-keys';
import type { CaptchaSettings } from './captcha';
import type { CartMergePolicy } from './cart';
import type { Database } from './db/schema';
import type { ImageFiles } from './images';
import type { Crumbs } from './http/crumb';
import type { MailSettings } from './mail';
import type { PaymentProvider } from './orders';
import type { CatalogCache } from './pages/catalog-cache';
import type { ThemeRenderer } from './rendering/theme-renderer';
import type { SignInGuard } from './site-users';
import type { WebsiteResolver } from './websites';

/**
 * What the route layer hands to services: shared parts built once when the app starts. The website
 * and the actor are not here: they are resolved per request (http/request-context.ts), so a change
 * to the website's settings is served without a restart.
 */
export interface ServerContext {
  db: Kysely<Database>;
  /** The website each request is served for, from its Host (one website for every host without a platform domain). */
  websites: WebsiteResolver;
  crumbs: Crumbs;
  secureCookies: boolean;
  payments: PaymentProvider;
  /** Site structure kept per process for a few seconds (pages). */
  catalog: CatalogCache;
  cartMergePolicy: CartMergePolicy;
  signInGuard: SignInGuard | undefined;
  /** Each API key's own budget of calls (api-keys/key-rate-limit.ts), in the shared rate-limit store. */
  apiKeyRateLimit: ApiKeyRateLimit;
  /** Seals site users' authenticator secrets (site-users/totp.ts), from the shared server secret 'totp'. */
  totpKey: Buffer;
  /** The website's pictures: originals and resized copies in an ImageStore (DATA_DIR/images by default). */
  images: ImageFiles;
  /** Mail: the sender address (MAIL_FROM), the address links in mail point to (PUBLIC_URL), unsubscribe tokens. */
  mail: MailSettings;
  /** Signs and checks the captcha's challenges (secrets 'captcha' and 'captcha-key'), and how hard they are. */
  captcha: CaptchaSettings;
  /** The site's theme, compiled once at start. */
  theme: ThemeRenderer;
}
