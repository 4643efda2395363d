/**
 * Platform §2's admin panels are known by their tracking names; this module is how a panel says what
 * happened. `trackPanelEvent('inventory', 'search')` sends one `admin-panel` event to our analytics (the newer
 * tracker's `POST /api/v1/clanker/events`), by beacon when the browser has one, never blocking or failing the
 * screen. The owner app does not load the shopper tracking client: /config is the editing area.
 */
export const PANEL_EVENTS = {
  inventory: ['search', 'sort-by-name', 'sort-by-stock', 'sort-by-price', 'row-click', 'row-expander', 'next-page'],
  'api-keys': [
    'learn-more',
    'terms-of-use',
    'create-key',
    'delete-key',
    'delete-key-confirm',
    'creation-modal-copy',
    'creation-modal-next',
    'creation-modal-cancel',
    'creation-modal-complete',
  ],
  'cart-page-product-form': ['open', 'close', 'submit'],
  'dynamic-ads-feed': ['url-copy', 'pixel-id-save'],
} as const;

export type PanelName = keyof typeof PANEL_EVENTS;
export type PanelAction<P extends PanelName> = (typeof PANEL_EVENTS)[P][number];

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
