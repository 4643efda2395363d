import { startEventBuffer } from '@vitrine/tracking/event-buffer';
import { readTrackingContext } from '@vitrine/tracking/page-context';
import { isEditingArea } from '@vitrine/tracking/skip-rules';

/** How long the browser may put the tracking client off while it stays busy after load. */
export const TRACKING_IDLE_TIMEOUT_MS = 5000;

/**
 * Loads the shopper tracking client after the page is interactive: on `load`, then when the browser is idle. Until
 * then a small buffer (`@vitrine/tracking/event-buffer`) keeps what the islands dispatch and any script error. Pages
 * without the server's tracking context, under the global disable flag, or in the editing area (/config) load
 * nothing. Start it before the islands hydrate.
 */
export function loadTrackingWhenIdle(): void {
  const context = readTrackingContext();
  if (!context || context.disabled || isEditingArea(location.pathname)) return;
  const buffer = startEventBuffer();
  const load = () => {
    import('./tracking-entry').then(({ startTracking }) => startTracking(context, buffer), () => undefined);
    // Experiments (issue 19): exposures of what the page was rendered with, and session replay when sampled — only
    // on a page rendered with an experiment: elsewhere the chunk would be a request with nothing to do.
    if (pageHasExperiments()) import('./experiments-entry').then(({ startExperiments }) => startExperiments(), () => undefined);
  };
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(load, { timeout: TRACKING_IDLE_TIMEOUT_MS }) : setTimeout(load, 0));
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}

/**
 * Whether the page's experiments configuration (`#vitrine-experiments`) defines any experiment or toggle: exposures
 * and session replay (a toggle of its own) need one. Read without the experiments package, which stays in its chunk.
 */
export function pageHasExperiments(): boolean {
  const text = document.getElementById('vitrine-experiments')?.textContent;
  if (!text) return false;
  try {
    const definitions = (JSON.parse(text) as { definitions?: unknown } | null)?.definitions;
    return typeof definitions === 'object' && definitions !== null && Object.keys(definitions).length > 0;
  } catch {
    return false;
  }
}
