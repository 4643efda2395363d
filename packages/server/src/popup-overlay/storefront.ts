import type { Kysely } from 'kysely';
import type { Database, Website } from '../db/schema';
import { cacheCountsFor, type CacheCounts } from '../cache-counts';
import { findLiveForm, publicFormOf, type PublicForm } from '../forms';
import { imageAssetUrl } from '../images';
import { readPopupOverlay, type PopupOverlayRecord } from './queries';
import { popupShownOn } from './rules';

/**
 * What a storefront page carries of the popup (the PopupOverlay island's `popup` prop): only an enabled popup, on a
 * page it may show on. Read on every page, so kept per process for POPUP_FRESH_MS; the owner's save in this process
 * is served on the next request (notifyPopupOverlayChanged), another process's within POPUP_FRESH_MS.
 */
export const POPUP_FRESH_MS = 1000;

export interface StorefrontPopupOverlay {
  /** Namespaces the browser's keys: two sites on one origin (a preview) never share a visitor's answers. */
  websiteId: string;
  version: number;
  layout: 'image-left' | 'image-right' | 'image-top' | 'none';
  heading: string;
  body: string;
  image: { url: string; alt: string } | null;
  action: { kind: 'button'; label: string; url: string } | { kind: 'newsletter'; form: PublicForm };
  trigger: { kind: 'delay'; seconds: number } | { kind: 'scroll'; percent: number };
  position: string;
  overlayColor: string;
  overlayOpacity: number;
}

interface Loaded {
  row: PopupOverlayRecord | undefined;
  popup: StorefrontPopupOverlay | null;
}

type Listener = (websiteId: string) => void;
const listeners = new Set<Listener>();

/** Tells every popup cache in this process that a website's popup changed. */
export function notifyPopupOverlayChanged(websiteId: string): void {
  for (const listener of listeners) listener(websiteId);
}

async function loadPopup(db: Kysely<Database>, website: Website): Promise<Loaded> {
  const row = await readPopupOverlay(db, website.id);
  if (!row || !row.enabled) return { row, popup: null };
  let action: StorefrontPopupOverlay['action'];
  if (row.action_kind === 'newsletter') {
    // A form deleted since, or no longer a newsletter: nothing to offer, so no popup.
    const form = row.form_id ? await findLiveForm(db, website.id, row.form_id) : undefined;
    if (!form || form.kind !== 'newsletter') return { row, popup: null };
    action = { kind: 'newsletter', form: publicFormOf(form, website) };
  } else {
    action = { kind: 'button', label: row.button_label, url: row.button_url };
  }
  const image = row.layout !== 'none' && row.image_id && row.image_filename ? { url: imageAssetUrl(row.image_id, row.image_filename), alt: row.image_alt ?? '' } : null;
  return {
    row,
    popup: {
      websiteId: website.id,
      version: row.version,
      // A picture deleted since: the popup shows without one.
      layout: image ? row.layout : 'none',
      heading: row.heading,
      body: row.body,
      image,
      action,
      trigger: row.trigger_kind === 'scroll' ? { kind: 'scroll', percent: row.scroll_percent } : { kind: 'delay', seconds: row.delay_seconds },
      position: row.position,
      overlayColor: row.overlay_color,
      overlayOpacity: row.overlay_opacity,
    },
  };
}

/** Exported for tests (a clock of their own); pages use readPopupOverlayForPage. */
export class PopupOverlayCache {
  readonly #entries = new Map<string, { loaded: Promise<Loaded>; readAt: number; captchaKey: string | null }>();
  readonly #counts: CacheCounts;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {
    listeners.add((websiteId) => this.#entries.delete(websiteId));
    this.#counts = cacheCountsFor(db, 'popup-overlay');
  }

  /** The popup for a page of this website at `path`, or null when it shows none. */
  async forPage(website: Website, path: string): Promise<StorefrontPopupOverlay | null> {
    const time = this.now();
    const entry = this.#entries.get(website.id);
    // The captcha switch is the website row's (read live): a change of it reloads the form's public shape.
    const fresh = entry && time - entry.readAt < POPUP_FRESH_MS && entry.captchaKey === website.captcha_site_key;
    let loaded = fresh ? entry.loaded : undefined;
    if (loaded) this.#counts.hit();
    else this.#counts.miss();
    if (!loaded) {
      loaded = loadPopup(this.db, website);
      this.#entries.set(website.id, { loaded, readAt: time, captchaKey: website.captcha_site_key });
      loaded.catch(() => this.#entries.delete(website.id));
    }
    const { row, popup } = await loaded;
    return popup && row && popupShownOn(row.pages, path) ? popup : null;
  }
}

const caches = new WeakMap<Kysely<Database>, PopupOverlayCache>();

/** The popup a storefront page at `path` carries (null: none), from this process's cache for `db`. */
export function readPopupOverlayForPage(db: Kysely<Database>, website: Website, path: string): Promise<StorefrontPopupOverlay | null> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new PopupOverlayCache(db);
    caches.set(db, cache);
  }
  return cache.forPage(website, path);
}
