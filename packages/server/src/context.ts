import type { ApiKeyRateLimit } from './api-keys';
import type { CaptchaSettings } from './captcha';
import type { CartMergePolicy } from './cart';
import type { ImageFiles } from './images';
import type { MailSettings } from './mail';
import type { PaymentProvider } from './orders';
import type { NotFoundAnswers } from './redirects';
import type { CatalogCache } from './pages/catalog-cache';
import type { SharedParts } from './shared';
import type { SignInGuard } from './site-users';
import type { WebsiteResolver } from './websites';

/**
 * What app.ts builds once when the app starts and hands to the route files: the parts every website shares
 * (shared/: the database, Secure cookies, crumbs, the compiled theme) and the parts the domains said they
 * take. Part of the composition root: nothing else imports this file. Each route file declares what it
 * takes (`SharedParts`, `SharedParts & { … }` or its domain's `…RouteParts`) and app.ts passes this whole object,
 * checked by TypeScript against each. The website and the actor are not here: they are resolved per request
 * (http/request-context.ts), so a change to the website's settings is served without a restart.
 */
export interface ServerContext extends SharedParts {
  /** The website each request is served for, from its Host (one website for every host without a platform domain). */
  websites: WebsiteResolver;
  payments: PaymentProvider;
  /** A missed address's redirect, from the website's rules kept in memory, or its count for the not-found report (redirects/). */
  redirects: NotFoundAnswers;
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
}
