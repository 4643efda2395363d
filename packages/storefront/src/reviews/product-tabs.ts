import { SHOPPER_EVENTS, type ProductContext } from '@vitrine/tracking/dom-events';
import { readIslandProps } from '../embed';
import { productContextOf } from '../shopper-events';
import type { StorefrontProduct } from '../types';

/**
 * The product page's tabs (Description, Reviews), server-rendered by the theme (partials/product-reviews.block) and
 * made to work here: an on-demand chunk, loaded only on a page with `[data-product-tabs]`, so the every-page script
 * stays small. It follows the ARIA tabs pattern (arrow keys, Home, End; the selected tab alone in the Tab order) and
 * tells the tracking client, through DOM events, when the reviews tab is clicked or opened with the keyboard
 * (reviews-tab) and when a link to the reviews is followed (reviews-anchor-link), with the product's context.
 */
export function startProductTabs(root: Document = document): void {
  const tabs = root.querySelector('[data-product-tabs]');
  if (!tabs || tabs.hasAttribute('data-tabs-ready')) return;
  tabs.setAttribute('data-tabs-ready', 'true');
  const buttons = Array.from(tabs.querySelectorAll<HTMLButtonElement>('[role="tab"]'));
  const reviewsTab = tabs.querySelector<HTMLButtonElement>('[data-reviews-tab]');
  const panelOf = (tab: HTMLButtonElement) => root.getElementById(tab.getAttribute('aria-controls') ?? '');

  const product = (): ProductContext | undefined => {
    const form = root.querySelector('[data-island="ProductForm"]');
    if (!form) return undefined;
    try {
      const props = readIslandProps(form) as { product?: StorefrontProduct; currency?: string };
      return props.product ? productContextOf(props.product, props.currency ?? 'USD') : undefined;
    } catch {
      return undefined;
    }
  };
  const tell = (name: string) => {
    const context = product();
    if (context) root.dispatchEvent(new CustomEvent(name, { detail: { product: context } }));
  };

  const select = (chosen: HTMLButtonElement, focus: boolean) => {
    for (const tab of buttons) {
      const selected = tab === chosen;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      const panel = panelOf(tab);
      if (panel) panel.hidden = !selected;
    }
    if (focus) chosen.focus();
  };
  const openReviews = (focus: boolean) => {
    if (!reviewsTab) return;
    const wasOpen = reviewsTab.getAttribute('aria-selected') === 'true';
    select(reviewsTab, focus);
    if (!wasOpen) tell(SHOPPER_EVENTS.reviewsTab);
  };

  for (const tab of buttons) {
    // A click on Reviews is the shopper asking for the reviews: told each time, even when the tab is already open (a
    // product without a description has Reviews as its only tab, open from the start).
    tab.addEventListener('click', () => {
      select(tab, false);
      if (tab === reviewsTab) tell(SHOPPER_EVENTS.reviewsTab);
    });
    tab.addEventListener('keydown', (event) => {
      const at = buttons.indexOf(tab);
      const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      const next = buttons[(to + buttons.length) % buttons.length]!;
      if (next === reviewsTab) openReviews(true);
      else select(next, true);
    });
  }

  // "★ 4.5 (12 reviews)" near the title: opens the tab and scrolls to it.
  for (const link of root.querySelectorAll<HTMLAnchorElement>('[data-reviews-anchor]')) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      tell(SHOPPER_EVENTS.reviewsAnchorLink);
      openReviews(false);
      tabs.scrollIntoView({ behavior: 'smooth', block: 'start' });
      reviewsTab?.focus({ preventScroll: true });
      history.replaceState(history.state, '', '#reviews');
    });
  }
  // Arriving at #reviews (a shared link) opens the tab.
  if (root.location?.hash === '#reviews' && reviewsTab?.getAttribute('aria-selected') !== 'true') {
    if (reviewsTab) select(reviewsTab, false);
  }
}
