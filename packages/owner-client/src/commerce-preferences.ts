import { withoutMaskedFields } from './rules';

/**
 * Commerce preferences as the owner's client keeps them (platform spec §4): loaded once per website and
 * cached; an update is merged into the cache, the listeners are told to refetch (they read the cache, so
 * they see the change at once), then it is saved. The server merges too, so only the fields changed are
 * sent: two owners changing different fields at once lose neither.
 */

export type CommercePreferences = Record<string, unknown>;

/** How the cache reaches the server (the client's GET and PUT of /api/v1/commerce-preferences/{websiteId}). */
export interface CommercePreferencesRemote {
  load(websiteId: string): Promise<CommercePreferences>;
  save(websiteId: string, changes: CommercePreferences): Promise<CommercePreferences>;
}

export type PreferencesListener = (websiteId: string) => void;

/** Platform spec §3: empty values are dropped (the server removes a preference set to one). */
export function isEmptyPreferenceValue(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

/** The preferences after `changes`, as the server will hold them: an empty value removes a field; websiteId is never a preference. */
export function mergePreferences(current: CommercePreferences, changes: CommercePreferences): CommercePreferences {
  const merged: CommercePreferences = { ...current };
  for (const [name, value] of Object.entries(changes)) {
    if (name === 'websiteId') continue;
    if (isEmptyPreferenceValue(value)) delete merged[name];
    else merged[name] = value;
  }
  return merged;
}

/** A copy a caller may change without changing the cache (values are JSON). */
const copyOf = (preferences: CommercePreferences): CommercePreferences => structuredClone(preferences);

export class CommercePreferencesCache {
  readonly #cached = new Map<string, Promise<CommercePreferences>>();
  readonly #listeners = new Set<PreferencesListener>();

  constructor(private readonly remote: CommercePreferencesRemote) {}

  /** The website's preferences: asked of the server once, then from the cache (concurrent first reads share one call). */
  async get(websiteId: string): Promise<CommercePreferences> {
    let cached = this.#cached.get(websiteId);
    if (!cached) {
      const loading = this.remote.load(websiteId);
      cached = loading;
      this.#cached.set(websiteId, loading);
      // A failed load is not kept: the next read asks again.
      loading.catch(() => {
        if (this.#cached.get(websiteId) === loading) this.#cached.delete(websiteId);
      });
    }
    return copyOf(await cached);
  }

  /**
   * Merges `changes` into the cache, tells the listeners to refetch, then saves. Fields still holding the
   * masked placeholder are left out (platform spec §5: an untouched secret is kept). On success the cache
   * holds the server's answer (unless a later update has changed it since); on failure it is dropped, so
   * the next read asks the server, and the listeners are told again. Answers the saved preferences.
   */
  async update(websiteId: string, changes: CommercePreferences): Promise<CommercePreferences> {
    const sent = withoutMaskedFields(changes) as CommercePreferences;
    const merged = Promise.resolve(mergePreferences(await this.get(websiteId), sent));
    this.#cached.set(websiteId, merged);
    this.#notify(websiteId);
    try {
      const saved = await this.remote.save(websiteId, sent);
      if (this.#cached.get(websiteId) === merged) this.#cached.set(websiteId, Promise.resolve(copyOf(saved)));
      this.#notify(websiteId);
      return copyOf(saved);
    } catch (error) {
      this.#cached.delete(websiteId);
      this.#notify(websiteId);
      throw error;
    }
  }

  /** Calls `listener(websiteId)` whenever a website's preferences change; answers the unsubscribe. */
  subscribe(listener: PreferencesListener): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** Forgets every website's preferences (sign-out: the next owner reads their own). */
  clear(): void {
    const websites = [...this.#cached.keys()];
    this.#cached.clear();
    for (const websiteId of websites) this.#notify(websiteId);
  }

  #notify(websiteId: string): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(websiteId);
      } catch (error) {
        // One listener's bug must not stop the save or the other listeners.
        console.error(error);
      }
    }
  }
}
