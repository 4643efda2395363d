// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchSiteMenu } from './site-menu';

let stop: () => void;
beforeEach(() => {
  document.body.innerHTML = `
    <details class="site-menu" open>
      <summary>Menu</summary>
      <div class="site-menu-panel"><nav aria-label="Menu"><a href="/shop">Shop</a></nav></div>
    </details>
    <main><p>Page</p></main>`;
  stop = watchSiteMenu(document);
});
afterEach(() => stop());

const menu = () => document.querySelector<HTMLDetailsElement>('details.site-menu')!;

describe('the phone menu', () => {
  it('closes on Escape and gives focus back to its Menu button', () => {
    document.querySelector<HTMLAnchorElement>('a[href="/shop"]')!.focus();
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(menu().open).toBe(false);
    expect(document.activeElement).toBe(document.querySelector('summary'));
  });

  it('stays open on other keys and on clicks inside it', () => {
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    document.querySelector('a')!.addEventListener('click', (event) => event.preventDefault());
    document.querySelector('nav')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(menu().open).toBe(true);
  });

  it('closes on a click outside it', () => {
    document.querySelector('main p')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(menu().open).toBe(false);
  });
});
