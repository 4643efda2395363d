import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Website } from '../db/schema';
import { encodeJsonLd } from '../rendering/json-ld';
import { describeOwner, type Owner } from '../authorize';

/**
 * The owner app (packages/owner-app, issue 16) as the server serves it: its built index.html at /config and
 * /config/* for signed-in contributors, with what the app needs to start in a JSON data block (never run, so
 * the CSP needs no exception), and its hashed files under OWNER_APP_ASSET_PREFIX. The server imports nothing
 * of the app: it reads the files `npm run build -w @vitrine/owner-app` writes.
 */

/** Where the app's hashed files are served (the app's Vite `base`): /assets/owner-app/assets/{name}-{hash}.js. */
export const OWNER_APP_ASSET_PREFIX = '/assets/owner-app/';

/** packages/owner-app/dist (a sibling workspace). */
export const ownerAppDistDir = path.resolve(fileURLToPath(import.meta.url), '../../../../owner-app/dist');

/** The marker in the app's index.html where the boot data goes (before the app's script runs). */
const BOOT_MARKER = '<!--owner-boot-->';

/** What the app reads from `<script type="application/json" id="owner-boot">`: who is signed in, on which website. */
export interface OwnerAppBoot {
  owner: ReturnType<typeof describeOwner>;
  website: { id: string; title: string; locale: string; currency: string; timeZone: string };
  /** The session's X-SiteUser-XSRF-Token: the app signs its changes with it (the sign-in form cannot hand it over otherwise). */
  xsrfToken: string;
  /** Platform mode (issue 32): the platform's address, where the website switcher's links go; null with one website. */
  platformUrl: string | null;
}

export function ownerAppBoot(owner: Owner, website: Website, xsrfToken: string, platformUrl: string | null = null): OwnerAppBoot {
  return {
    owner: describeOwner(owner),
    website: { id: website.id, title: website.site_title, locale: website.locale, currency: website.currency, timeZone: website.time_zone },
    xsrfToken,
    platformUrl,
  };
}

/** The app's index.html, read again only when the build changed it; null while the app is not built. */
export class OwnerAppShell {
  readonly #indexFile: string;
  #cached: { mtimeMs: number; html: string } | undefined;

  constructor(distDir: string = ownerAppDistDir) {
    this.#indexFile = path.join(distDir, 'index.html');
  }

  #template(): string | null {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.#indexFile).mtimeMs;
    } catch {
      return null;
    }
    if (this.#cached?.mtimeMs !== mtimeMs) this.#cached = { mtimeMs, html: readFileSync(this.#indexFile, 'utf8') };
    return this.#cached.html;
  }

  /** The page for this owner, or null when the app has not been built. */
  page(boot: OwnerAppBoot): string | null {
    const template = this.#template();
    if (template === null) return null;
    const block = `<script type="application/json" id="owner-boot">${encodeJsonLd(boot)}</script>`;
    return template.includes(BOOT_MARKER) ? template.replace(BOOT_MARKER, block) : template.replace('</body>', `${block}\n</body>`);
  }
}
