/**
 * The shop's filters (issue 38 item 1), made instant. The theme's filter form (partials/shop-filters.block) is a plain
 * GET form that works without JavaScript; this on-demand chunk, loaded only on a page with `[data-shop-filters]`:
 *  - applies a filter as soon as it changes (a box ticked, a price entered, the sort chosen): it fetches the filtered
 *    page and swaps in its `[data-shop-swap]` regions (the count and sort, the form with its new counts, the
 *    products), keeps the focus on the control the shopper was using, puts the address in the history (Back works)
 *    and says the new count in the page's polite status region;
 *  - on phones, opens the filters as a drawer: 'Filter' moves the panel into a modal <dialog> (the browser keeps the
 *    focus inside and closes it with Escape), its close button, Apply or a click on the backdrop close it, and the
 *    focus goes back to 'Filter'.
 * It fetches the page itself rather than `?format=json`: the products are the theme's own markup, so this script
 * carries no template (the JSON answers the same facets for other clients).
 */
export function startShopFilters(root: Document = document): void {
  const container = root.querySelector<HTMLElement>('[data-shop-filters]');
  const form = root.querySelector<HTMLFormElement>('#shop-filters-form');
  const panel = root.querySelector<HTMLElement>('[data-filters-panel]');
  if (!container || !form || !panel || container.hasAttribute('data-enhanced')) return;
  container.setAttribute('data-enhanced', 'true');
  let dialog: HTMLDialogElement | null = null;
  const placeholder = root.createComment('shop filters');
  let pending: AbortController | null = null;
  const withoutHash = (url: string) => url.split('#')[0]!;
  let shownUrl = withoutHash(location.href);

  const enhance = () => {
    for (const button of root.querySelectorAll<HTMLButtonElement>('[data-filters-open], [data-filters-close]')) button.hidden = false;
  };
  const openButton = () => root.querySelector<HTMLButtonElement>('[data-filters-open]');

  const openDrawer = () => {
    if (!dialog) {
      const created = root.createElement('dialog');
      created.className = 'shop-filters-dialog';
      created.setAttribute('aria-labelledby', 'shop-filters-title');
      created.addEventListener('close', () => {
        placeholder.replaceWith(panel);
        openButton()?.focus();
      });
      created.addEventListener('click', (event) => {
        if (event.target === created) created.close();
      });
      root.body.append(created);
      dialog = created;
    }
    panel.before(placeholder);
    dialog.append(panel);
    dialog.showModal();
  };
  const closeDrawer = () => {
    if (dialog?.open) dialog.close();
  };

  const addressOf = (): string => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value.trim() !== '') params.append(name, value.trim());
    const query = params.toString();
    return query ? `${form.action.split('?')[0]}?${query}` : form.action.split('?')[0]!;
  };

  const show = async (url: string, push: boolean) => {
    pending?.abort();
    const controller = (pending = new AbortController());
    const results = root.querySelector('[data-shop-results]');
    results?.setAttribute('aria-busy', 'true');
    try {
      const answer = await fetch(url, { headers: { accept: 'text/html' }, credentials: 'same-origin', signal: controller.signal });
      if (!answer.ok) throw new Error(String(answer.status));
      const next = new DOMParser().parseFromString(await answer.text(), 'text/html');
      const focusedId = root.activeElement instanceof HTMLElement ? root.activeElement.id : '';
      for (const region of next.querySelectorAll<HTMLElement>('[data-shop-swap][id]')) {
        const current = root.getElementById(region.id);
        if (current) current.innerHTML = region.innerHTML;
      }
      enhance();
      const stillThere = focusedId ? root.getElementById(focusedId) : null;
      // A removed chip or a page link is gone with its region: the focus goes to the products instead.
      if (stillThere) stillThere.focus();
      else if (!root.activeElement || root.activeElement === root.body) root.querySelector<HTMLElement>('[data-shop-results]')?.focus();
      // The server's own spelling of the address (its order, defaults left out), so a shared link is always the same.
      const shown = next.querySelector('[data-shop-url]')?.getAttribute('data-shop-url') || url;
      const address = paged(url) ? url : shown;
      if (push) history.pushState({ shopFilters: true }, '', address);
      shownUrl = withoutHash(new URL(address, location.href).href);
      const announcer = root.getElementById('status-announcer');
      const count = root.querySelector('[data-shop-count]')?.textContent?.trim();
      if (announcer && count) announcer.textContent = count;
    } catch (error) {
      // An aborted fetch was overtaken by a newer one; anything else: the plain page.
      if ((error as { name?: string }).name !== 'AbortError') location.assign(url);
    } finally {
      if (pending === controller) root.querySelector('[data-shop-results]')?.removeAttribute('aria-busy');
    }
  };

  const paged = (url: string) => new URL(url, location.href).searchParams.has('page');
  const ownControl = (target: EventTarget | null): boolean =>
    target instanceof Element && (form.contains(target) || target.getAttribute('form') === form.id);

  root.addEventListener('change', (event) => {
    if (ownControl(event.target)) void show(addressOf(), true);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    closeDrawer();
    void show(addressOf(), true);
  });
  root.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('[data-filters-open]')) return openDrawer();
    if (target?.closest('[data-filters-close]')) return closeDrawer();
    const link = target?.closest<HTMLAnchorElement>('a[data-shop-link]');
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const paging = link.closest('.pagination') !== null;
    void show(link.href, true).then(() => {
      if (paging) root.querySelector('[data-shop-results]')?.scrollIntoView({ block: 'start' });
    });
  });
  // Back and Forward between filtered addresses (a jump to an anchor of the same page changes nothing).
  window.addEventListener('popstate', () => {
    if (withoutHash(location.href) !== shownUrl) void show(location.href, false);
  });
  enhance();
}
