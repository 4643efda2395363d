import type { Kysely } from 'kysely';
import type { PageTemplateName, Theme } from '@vitrine/theme';
import { PAGE_TEMPLATES } from '@vitrine/theme';
import type { Database, Website } from '../db/schema';
import { createPreprocessingThemeRenderer } from '../rendering/preprocessed-theme-renderer';
import type { PageAssets, ThemeRenderer } from '../rendering/theme-renderer';
import { readThemeArchive } from './archive';
import type { ThemeFiles } from './files';
import { activeThemeOf, websiteThemeKey } from './service';
import type { ThemeArchiveStore } from './store';

/** The URL prefix of uploaded themes' assets: `/assets/themes/{themeId}/{path under assets/}`. */
export const UPLOADED_THEME_ASSET_PREFIX = '/assets/themes/';
/** Compiled uploaded themes kept in memory (issue 32 item 8: one compiled copy per archive, shared). */
export const COMPILED_THEME_CAP = 16;
/**
 * How long a website's theme choice is trusted without reading it again (every page asked for it: one query per
 * page). A choice saved in this process is seen on the next request (forget); one saved by another process within
 * this, as the site chrome's (site-settings/site-chrome.ts).
 */
export const THEME_CHOICE_FRESH_MS = 1000;

type ActiveTheme = Awaited<ReturnType<typeof activeThemeOf>>;

interface CompiledTheme {
  renderer: ThemeRenderer;
  files: ThemeFiles;
  /** Its theme.json parsed once (the site styles' settings schema and starter templates), undefined when unreadable. */
  manifest: unknown;
  /** Where its assets/ are served. */
  assetsUrl: string;
}

function parsedManifest(files: ThemeFiles): unknown {
  try {
    const text = files.get('theme.json')?.toString('utf8');
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An uploaded theme's files as the renderer takes them (the archive was checked at upload: every template is there). */
function themeOf(files: ThemeFiles): Omit<Theme, 'assetsDir'> {
  const text = (file: string) => files.get(file)?.toString('utf8') ?? '';
  const partials: Record<string, string> = {};
  for (const [file, content] of files) if (file.startsWith('partials/') && file.endsWith('.block')) partials[file.slice('partials/'.length)] = content.toString('utf8');
  return {
    layout: text('templates/site.layout.html'),
    checkoutLayout: text('templates/checkout.layout.html'),
    pages: Object.fromEntries(PAGE_TEMPLATES.map((name) => [name, text(`templates/${name}.html`)])) as Record<PageTemplateName, string>,
    partials,
  };
}

/**
 * The theme each website renders with, resolved per request: the platform's default theme (compiled once at start,
 * shared by every website on it) or the website's chosen upload, compiled on first use and cached by the archive's
 * content hash — websites that upload the same archive share one compiled copy; the cache holds COMPILED_THEME_CAP.
 * An uploaded theme's assets are served from memory under /assets/themes/{themeId}/, for its own website only.
 */
export class ThemeRegistry {
  private readonly compiled = new Map<string, Promise<CompiledTheme>>();
  private readonly choices = new Map<string, { choice: Promise<ActiveTheme>; readAt: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: ThemeArchiveStore,
    private readonly defaultRenderer: ThemeRenderer,
    private readonly assets: PageAssets,
    private readonly log: (message: string, error: unknown) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  /** The website's theme choice changed (chosen, deleted, or saved by another process): read it again next time. */
  forget(websiteId: string): void {
    this.choices.delete(websiteId);
  }

  private activeOf(websiteId: string): Promise<ActiveTheme> {
    const time = this.now();
    const entry = this.choices.get(websiteId);
    if (entry && time - entry.readAt < THEME_CHOICE_FRESH_MS) return entry.choice;
    const next = { choice: activeThemeOf(this.db, websiteId), readAt: time };
    this.choices.set(websiteId, next);
    // A failed read is not kept: the next request tries again.
    next.choice.catch(() => {
      if (this.choices.get(websiteId) === next) this.choices.delete(websiteId);
    });
    return next.choice;
  }

  async rendererFor(website: Website): Promise<ThemeRenderer> {
    const active = await this.activeOf(website.id);
    if (!active) return this.defaultRenderer;
    try {
      return (await this.load(active.id, active.sha256, active.storageKey)).renderer;
    } catch (error) {
      // A theme whose archive went missing must not take the site down: the default theme answers.
      this.log(`theme ${active.id} could not be loaded; rendering with the default theme`, error);
      return this.defaultRenderer;
    }
  }

  /**
   * The website's chosen upload's theme.json (parsed once per compiled archive) and its assets' address, undefined for
   * the default theme — or when the upload cannot be loaded, as rendererFor then answers with the default theme too.
   */
  async manifestFor(website: Website): Promise<{ manifest: unknown; assetsUrl: string } | undefined> {
    const active = await this.activeOf(website.id);
    if (!active) return undefined;
    const theme = await this.load(active.id, active.sha256, active.storageKey).catch(() => undefined);
    return theme && theme.manifest !== undefined ? { manifest: theme.manifest, assetsUrl: theme.assetsUrl } : undefined;
  }

  /** A file under an uploaded theme's assets/, when the theme is this website's. */
  async asset(website: Website, themeId: string, file: string): Promise<Buffer | undefined> {
    const key = await websiteThemeKey(this.db, website.id, themeId);
    if (!key) return undefined;
    const theme = await this.load(themeId, key.sha256, key.storageKey).catch(() => undefined);
    return theme?.files.get(`assets/${file}`);
  }

  private load(themeId: string, sha256: string, storageKey: string): Promise<CompiledTheme> {
    const cached = this.compiled.get(sha256);
    if (cached) {
      // Most recently used last: the oldest goes first when the cap is reached.
      this.compiled.delete(sha256);
      this.compiled.set(sha256, cached);
      return cached;
    }
    const loading = (async () => {
      const archive = await this.store.read(storageKey);
      if (!archive) throw new Error('theme archive missing from the store');
      const files = await readThemeArchive(archive);
      // The archive's assets are served under the theme's id (unique per upload: its files never change).
      const base = `${UPLOADED_THEME_ASSET_PREFIX}${themeId}/`;
      const renderer = createPreprocessingThemeRenderer({ ...themeOf(files), assetsDir: '' }, { ...this.assets, stylesheet: `${base}site.css`, themeUrl: base });
      return { renderer, files, manifest: parsedManifest(files), assetsUrl: base };
    })();
    loading.catch(() => this.compiled.delete(sha256));
    this.compiled.set(sha256, loading);
    while (this.compiled.size > COMPILED_THEME_CAP) this.compiled.delete(this.compiled.keys().next().value!);
    return loading;
  }

  /** How many compiled uploaded themes are held (tests). */
  get size(): number {
    return this.compiled.size;
  }
}

