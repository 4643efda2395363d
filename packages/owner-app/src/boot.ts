import type { OwnerJson } from '@vitrine/contracts';

/**
 * What the server writes into the app's page for the signed-in owner (server: owner/app-page.ts), as a JSON
 * data block `<script type="application/json" id="owner-boot">`: never run, so the CSP needs no exception.
 */
export interface OwnerAppBoot {
  owner: OwnerJson;
  website: { id: string; title: string; locale: string; currency: string; timeZone: string };
  /** The session's X-SiteUser-XSRF-Token (signed-in changes carry it). */
  xsrfToken: string;
  /** Platform mode (issue 32): the platform's address, where the website switcher's links go; absent or null with one website. */
  platformUrl?: string | null;
}

export const BOOT_ELEMENT_ID = 'owner-boot';

/** The boot data, or null when the page has none (or it does not parse): the app then asks the server who is signed in. */
export function readBoot(doc: Document = document): OwnerAppBoot | null {
  const text = doc.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<OwnerAppBoot>;
    if (!value || typeof value !== 'object' || !value.owner || !value.website || typeof value.xsrfToken !== 'string') return null;
    return value as OwnerAppBoot;
  } catch {
    return null;
  }
}
