/**
 * Platform §2: the owner's admin panels are known by their tracking names. Each panel and what it reports,
 * sent as the newer tracker's `admin-panel` event (`{ panel, action }`) by the owner app. The server's JSON
 * Schema for that event (contracts/src/analytics-events/admin-panel.json) lists the same names; a test keeps
 * them equal.
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

export function isPanelEvent(panel: unknown, action: unknown): boolean {
  if (typeof panel !== 'string' || !Object.hasOwn(PANEL_EVENTS, panel)) return false;
  return (PANEL_EVENTS[panel as PanelName] as readonly string[]).includes(action as string);
}
