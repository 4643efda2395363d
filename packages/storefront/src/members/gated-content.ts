import { SHOPPER_EVENTS } from '@vitrine/tracking/dom-events';
import { dispatchShopperEvent } from '../shopper-events';

/**
 * The member-area access-denied page (106; server: members/): its gated-content events (storefront §7) through the
 * tracking client's DOM events — `access-denied-view` once when the page is shown, `join-cta-click` when a join
 * button (a form's submit or the sign-in link) is used, each naming the page and the area. Loaded on demand only
 * where the page carries `data-gated="access-denied"`: plain DOM, no island.
 */
export function watchGatedContent(root: ParentNode = document): void {
  const gate = root.querySelector<HTMLElement>('[data-gated="access-denied"]');
  if (!gate) return;
  const path = typeof location === 'undefined' ? '' : location.pathname;
  dispatchShopperEvent(SHOPPER_EVENTS.track, { name: 'access-denied-view', content: { path } });
  const joined = (memberAreaId: string) => dispatchShopperEvent(SHOPPER_EVENTS.track, { name: 'join-cta-click', content: { path, memberAreaId } });
  for (const cta of gate.querySelectorAll<HTMLElement>('[data-join-cta]')) {
    const memberAreaId = cta.dataset.joinCta ?? '';
    if (cta instanceof HTMLFormElement) cta.addEventListener('submit', () => joined(memberAreaId));
    else cta.addEventListener('click', () => joined(memberAreaId));
  }
}
