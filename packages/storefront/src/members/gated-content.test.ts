// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { SHOPPER_EVENTS } from '@vitrine/tracking/dom-events';
import { watchGatedContent } from './gated-content';

describe('the access-denied page\'s events', () => {
  const seen: unknown[] = [];
  const listener = (event: Event) => seen.push((event as CustomEvent).detail);
  afterEach(() => {
    document.removeEventListener(SHOPPER_EVENTS.track, listener);
    seen.length = 0;
    document.body.innerHTML = '';
  });

  it('tells access-denied-view once and join-cta-click on a join form and on the sign-in link', () => {
    document.addEventListener(SHOPPER_EVENTS.track, listener);
    // Files share one page (isolate: false): another file may have left the address elsewhere.
    history.replaceState(null, '', '/');
    document.body.innerHTML = `<div data-gated="access-denied">
      <form data-join-cta="area-1" action="#" onsubmit="return false"><button type="submit">Join</button></form>
      <a href="#" data-join-cta="area-2">Become a member</a></div>`;
    watchGatedContent();
    expect(seen).toEqual([{ name: 'access-denied-view', content: { path: '/' } }]);
    document.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    document.querySelector('a')!.dispatchEvent(new MouseEvent('click', { cancelable: true }));
    expect(seen.slice(1)).toEqual([
      { name: 'join-cta-click', content: { path: '/', memberAreaId: 'area-1' } },
      { name: 'join-cta-click', content: { path: '/', memberAreaId: 'area-2' } },
    ]);
  });

  it('does nothing on other pages', () => {
    document.addEventListener(SHOPPER_EVENTS.track, listener);
    document.body.innerHTML = '<main><p>Hello</p></main>';
    watchGatedContent();
    expect(seen).toEqual([]);
  });
});
