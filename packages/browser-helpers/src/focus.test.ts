// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { containFocus, containTab, FOCUS_MESSAGES, focusableElements } from './focus';

afterEach(() => {
  document.body.innerHTML = '';
});

function dialog() {
  document.body.innerHTML = `<button id="outside">Outside</button>
    <div id="dialog"><button id="first">First</button><input id="middle"><button id="last">Last</button><button disabled>Off</button></div>`;
  return document.getElementById('dialog')!;
}

function tab(shiftKey = false) {
  const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true });
  document.activeElement?.dispatchEvent(event);
  return event;
}

describe('focus containment', () => {
  it('needs exactly one of container or predicate', () => {
    const container = dialog();
    expect(() => focusableElements({} as never)).toThrow(FOCUS_MESSAGES.exactlyOne);
    expect(() => containFocus({ container, predicate: () => true } as never)).toThrow('Focus containment requires exactly one of container or predicate.');
    expect(focusableElements({ container }).map((element) => element.id)).toEqual(['first', 'middle', 'last']);
    expect(focusableElements({ predicate: (element) => element.id !== 'outside' }).map((element) => element.id)).toEqual(['first', 'middle', 'last']);
  });

  it('moves focus in, wraps Tab at both ends, and gives focus back on release', () => {
    const container = dialog();
    document.getElementById('outside')!.focus();
    const release = containFocus({ container });
    expect(document.activeElement?.id).toBe('first');
    document.getElementById('last')!.focus();
    expect(tab().defaultPrevented).toBe(true);
    expect(document.activeElement?.id).toBe('first');
    expect(tab(true).defaultPrevented).toBe(true);
    expect(document.activeElement?.id).toBe('last');
    release();
    expect(document.activeElement?.id).toBe('outside');
  });

  it('lets Tab move normally between inner elements', () => {
    const container = dialog();
    document.getElementById('first')!.focus();
    const event = { key: 'Tab', shiftKey: false, prevented: false, preventDefault() { this.prevented = true; } };
    containTab(event, { container });
    expect(event.prevented).toBe(false);
  });
});
