// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mountOverlay, OVERLAY_TEXTS, type Overlay } from './overlay';
import { MESSAGE_TAG, type OverlayMessage } from './protocol';

const ORIGIN = 'http://shop.test';

/** Three blocks as the preview marks them, stacked 100 px apart (happy-dom lays nothing out: the boxes are given). */
function page() {
  document.body.innerHTML = ['a', 'b', 'c']
    .map((id, index) => `<div class="block" id="block-${id}" data-editor-block="${id}" data-editor-index="${index}"><h2>Heading ${id}</h2><a href="/elsewhere">link</a></div>`)
    .join('');
  ['a', 'b', 'c'].forEach((id, index) => {
    const element = document.querySelector<HTMLElement>(`[data-editor-block="${id}"]`)!;
    element.getBoundingClientRect = () => ({ top: index * 100, bottom: index * 100 + 80, left: 0, right: 400, width: 400, height: 80, x: 0, y: index * 100, toJSON: () => ({}) }) as DOMRect;
  });
}

const blockOf = (id: string) => document.querySelector<HTMLElement>(`[data-editor-block="${id}"]`)!;
const buttonNamed = (name: string) => [...document.querySelectorAll<HTMLButtonElement>('[data-editor-overlay] button')].find((each) => (each.getAttribute('aria-label') ?? each.textContent) === name)!;

describe('the editor overlay', () => {
  let sent: OverlayMessage[];
  let overlay: Overlay;
  beforeEach(() => {
    page();
    sent = [];
    overlay = mountOverlay(document, { origin: ORIGIN, post: (message) => sent.push(message) });
  });
  afterEach(() => {
    overlay.destroy();
    document.body.innerHTML = '';
  });

  it('says it is ready, and a click selects the block and tells the editor (never following the link)', () => {
    expect(sent).toEqual([{ tag: MESSAGE_TAG, type: 'ready' }]);
    const heading = blockOf('b').querySelector('h2')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    heading.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(sent.at(-1)).toEqual({ tag: MESSAGE_TAG, type: 'select', blockId: 'b' });
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    blockOf('c').querySelector('a')!.dispatchEvent(link);
    expect(link.defaultPrevented).toBe(true);
    expect(sent.at(-1)).toEqual({ tag: MESSAGE_TAG, type: 'select', blockId: 'c' });
  });

  it('draws a toolbar of named buttons on the selected block, each a message', () => {
    const toolbar = document.querySelector<HTMLElement>('[role="toolbar"]')!;
    expect(toolbar.getAttribute('aria-label')).toBe(OVERLAY_TEXTS.toolbar);
    expect(toolbar.style.display).toBe('none');
    overlay.select('a');
    expect(toolbar.style.display).toBe('flex');
    expect(toolbar.style.top).toBe('4px');
    expect(buttonNamed('Move up').disabled).toBe(true);
    expect(buttonNamed('Move down').disabled).toBe(false);
    for (const name of ['Move down', 'Duplicate', 'Delete', 'Settings']) buttonNamed(name).click();
    expect(sent.slice(1)).toEqual([
      { tag: MESSAGE_TAG, type: 'move', blockId: 'a', direction: 1 },
      { tag: MESSAGE_TAG, type: 'duplicate', blockId: 'a' },
      { tag: MESSAGE_TAG, type: 'delete', blockId: 'a' },
      { tag: MESSAGE_TAG, type: 'settings', blockId: 'a' },
    ]);
    overlay.select('c');
    expect(buttonNamed('Move down').disabled).toBe(true);
    expect(toolbar.style.top).toBe('160px');
    // In a preview shrunk to half its size the toolbar is drawn twice as large, so it is its real size on screen.
    overlay.setScale(0.5);
    expect(toolbar.style.transform).toBe('scale(2)');
    expect(toolbar.style.top).toBe('124px');
  });

  it('shows an inline "+" after the hovered block that asks for the picker there', () => {
    blockOf('b').dispatchEvent(new PointerEvent('pointermove', { bubbles: true }));
    const plus = buttonNamed(OVERLAY_TEXTS.insertAfter);
    expect(plus.style.display).toBe('block');
    expect(plus.style.top).toBe('166px');
    plus.click();
    expect(sent.at(-1)).toEqual({ tag: MESSAGE_TAG, type: 'insert', afterId: 'b' });
  });

  it('drags a block with the mouse: a line where it will land, then a drop message; a short press stays a click', () => {
    const c = blockOf('c');
    c.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, clientX: 50, clientY: 240 }));
    c.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, clientX: 50, clientY: 238 }));
    const line = document.querySelector<HTMLElement>('[data-editor-drop-line]')!;
    expect(line.style.display).toBe('none');
    blockOf('a').dispatchEvent(new PointerEvent('pointermove', { bubbles: true, clientX: 50, clientY: 20 }));
    expect(line.style.display).toBe('block');
    expect(line.style.top).toBe('-2px');
    blockOf('a').dispatchEvent(new PointerEvent('pointerup', { bubbles: true, clientX: 50, clientY: 20 }));
    expect(line.style.display).toBe('none');
    expect(sent.at(-1)).toEqual({ tag: MESSAGE_TAG, type: 'drop', blockId: 'c', targetId: 'a', position: 'before' });
    // The click that ends a drag selects nothing.
    const count = sent.length;
    blockOf('a').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(sent.length).toBe(count);
  });

  it('follows the editor\'s selection from this origin only', async () => {
    const selected = () => document.querySelector<HTMLElement>('[role="toolbar"]')!.style.display;
    window.dispatchEvent(new MessageEvent('message', { origin: 'http://evil.test', data: { tag: MESSAGE_TAG, type: 'select', blockId: 'b' } }));
    expect(selected()).toBe('none');
    window.dispatchEvent(new MessageEvent('message', { origin: ORIGIN, data: { tag: MESSAGE_TAG, type: 'select', blockId: 'b' } }));
    expect(selected()).toBe('flex');
    window.dispatchEvent(new MessageEvent('message', { origin: ORIGIN, data: { tag: MESSAGE_TAG, type: 'select', blockId: null } }));
    expect(selected()).toBe('none');
  });

  it('leaves the page as it was when removed', () => {
    overlay.destroy();
    expect(document.querySelector('[data-editor-overlay]')).toBeNull();
    const count = sent.length;
    blockOf('a').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(sent.length).toBe(count);
    overlay = mountOverlay(document, { origin: ORIGIN, post: () => undefined });
  });
});
