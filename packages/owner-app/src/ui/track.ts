/**
 * Platform §2's admin panels are known by their tracking names; this module is how a panel says what
 * happened. `trackPanelEvent('inventory', 'search')` sends one `admin-panel` event to our analytics (the newer
 * tracker's `POST /api/v1/clanker/events`), by beacon when the browser has one, never blocking or failing the
 * screen. The owner app does not load the shopper tracking client: /config is the editing area.
 */
import type { PanelAction, PanelName } from '@vitrine/tracking/panel-events';

export type { PanelAction, PanelName };

export type PanelEventSender = (panel: PanelName, action: string) => void;

let sender: PanelEventSender = () => {};

/** main.tsx installs the real sender; tests install a recorder. */
export function setPanelEventSender(next: PanelEventSender): void {
  sender = next;
}

export function trackPanelEvent<P extends PanelName>(panel: P, action: PanelAction<P>): void {
  try {
    sender(panel, action);
  } catch {
    // Tracking never breaks a screen.
  }
}

/** What identifies the app in an event's content (platform §3's client name and version). */
export const OWNER_APP_CLIENT = { name: 'vitrine-owner-app', version: '0.1.0' } as const;

const EVENTS_PATH = '/api/v1/clanker/events';

/** A random id kept for the tab (sessionStorage), so one owner's clicks in a sitting read as one session. */
function tabId(key: string): string {
  try {
    const kept = sessionStorage.getItem(key);
    if (kept) return kept;
    const made = crypto.randomUUID();
    sessionStorage.setItem(key, made);
    return made;
  } catch {
    return crypto.randomUUID();
  }
}

/** The `admin-panel` event's content: the common fields the server's schema requires, then the panel and action. */
export function panelEventContent(website: { id: string; locale: string }, panel: PanelName, action: string, now = Date.now()): Record<string, unknown> {
  return {
    event_id: crypto.randomUUID(),
    analytics_id: tabId('vitrine-owner-analytics-id'),
    session_id: tabId('vitrine-owner-session-id'),
    page_path: location.pathname.replace(/\/+$/, '') || '/',
    event_occurrence_timestamp: now,
    context_website_id: website.id,
    client_name: OWNER_APP_CLIENT.name,
    client_version: OWNER_APP_CLIENT.version,
    source_environment: 'prod',
    resolved_locale: website.locale || 'en-US',
    panel,
    action,
  };
}

/**
 * The real sender: a beacon (survives a navigation that follows the click; the events call takes the crumb from
 * the cookie a beacon carries), else a keepalive fetch. Failures are ignored: an owner's click matters more.
 */
export function beaconPanelSender(website: { id: string; locale: string }): PanelEventSender {
  return (panel, action) => {
    const body = new URLSearchParams({ eventSchemaName: 'admin-panel', eventContent: JSON.stringify(panelEventContent(website, panel, action)) });
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(EVENTS_PATH, body)) return;
    void fetch(EVENTS_PATH, { method: 'POST', body, keepalive: true, credentials: 'same-origin' }).catch(() => {});
  };
}
