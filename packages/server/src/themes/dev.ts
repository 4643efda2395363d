import { watch, type FSWatcher } from 'node:fs';
import { loadTheme } from '@vitrine/theme';
import { createPreprocessingThemeRenderer } from '../rendering/preprocessed-theme-renderer';
import type { PageAssets, ThemeRenderer } from '../rendering/theme-renderer';
import type { ThemeSheetStore } from '../rendering/theme-sheets';

/** The reload script's address: a file of our origin, so the storefront's CSP (script-src 'self') allows it. */
export const THEME_DEV_SCRIPT_PATH = '/__theme-dev/reload.js';
export const THEME_DEV_EVENTS_PATH = '/__theme-dev/events';

/** The browser side: listen for the server's "reload" event and reload the page. */
export const THEME_DEV_SCRIPT = `new EventSource(${JSON.stringify(THEME_DEV_EVENTS_PATH)}).addEventListener('reload', () => location.reload());\n`;

/**
 * `npm run theme -- dev DIR`: pages render with the theme in DIR, which is read again on every save; each browser
 * listening on the events stream is told to reload. Only this mode links the reload script — a server started
 * normally has neither the routes nor the script.
 */
export class ThemeDevSession {
  private renderer: ThemeRenderer;
  private readonly listeners = new Set<(event: string) => void>();
  private watcher: FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    readonly dir: string,
    private readonly assets: PageAssets,
    private readonly onReload: (error: Error | null) => void = () => {},
    private readonly sheetStore?: ThemeSheetStore,
  ) {
    this.renderer = createPreprocessingThemeRenderer(loadTheme(dir), assets, sheetStore);
  }

  /** The renderer the server uses: the current theme's, with the reload script before </body>. */
  readonly themeRenderer: ThemeRenderer = {
    partial: (name) => this.renderer.partial(name),
    renderPage: (name, context, chrome) => {
      const page = this.renderer.renderPage(name, context, chrome);
      const tag = `<script src="${THEME_DEV_SCRIPT_PATH}" defer></script>`;
      const end = page.html.lastIndexOf('</body>');
      return { ...page, html: end === -1 ? page.html + tag : `${page.html.slice(0, end)}${tag}${page.html.slice(end)}` };
    },
  };

  /** Reads the theme again; on a broken save (a file missing mid-write) the previous one stays. */
  reload(): void {
    try {
      this.renderer = createPreprocessingThemeRenderer(loadTheme(this.dir), this.assets, this.sheetStore);
      this.onReload(null);
    } catch (error) {
      this.onReload(error as Error);
    }
    for (const listener of this.listeners) listener('reload');
  }

  /** Watches DIR (recursively); saves come in bursts, so a reload waits for 100 ms of quiet. */
  watch(): void {
    this.watcher = watch(this.dir, { recursive: true }, () => {
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => this.reload(), 100);
    });
  }

  subscribe(listener: (event: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.watcher?.close();
    if (this.timer) clearTimeout(this.timer);
    for (const listener of this.listeners) listener('close');
    this.listeners.clear();
  }
}
