// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { SHOPPER_EVENTS } from './dom-events';
import { BUFFER_LIMITS, startEventBuffer, type BufferedEvent, type EventBuffer } from './event-buffer';

let buffer: EventBuffer | undefined;
afterEach(() => buffer?.stop());

const dispatch = (target: EventTarget, type: string, detail: unknown) => target.dispatchEvent(new CustomEvent(type, { detail }));

describe('the event buffer', () => {
  it('keeps the shopper events dispatched on document or window until drained, then passes them straight on', () => {
    buffer = startEventBuffer();
    dispatch(document, SHOPPER_EVENTS.productView, { product: { id: 'item-1' } });
    dispatch(window, SHOPPER_EVENTS.formSubmitSuccess, { formId: 'f', blockId: 'b' });
    dispatch(document, 'vitrine:not-ours', {});
    const seen: BufferedEvent[] = [];
    buffer.drain((event) => seen.push(event));
    expect(seen).toEqual([
      { type: 'vitrine:product-view', detail: { product: { id: 'item-1' } } },
      { type: 'vitrine:form-submit-success', detail: { formId: 'f', blockId: 'b' } },
    ]);
    dispatch(document.body, SHOPPER_EVENTS.viewCart, { cart: null });
    expect(seen.at(-1)).toEqual({ type: 'vitrine:view-cart', detail: { cart: null } });
    buffer.stop();
    dispatch(document, SHOPPER_EVENTS.viewCart, {});
    expect(seen).toHaveLength(3);
  });

  it('keeps script errors and unhandled rejections, read at once', () => {
    buffer = startEventBuffer();
    const thrown = new Error('boom');
    window.dispatchEvent(new ErrorEvent('error', { error: thrown, message: 'Uncaught Error: boom', filename: '/assets/a.js', lineno: 3, colno: 7 }));
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'no cart' }));
    const seen: BufferedEvent[] = [];
    buffer.drain((event) => seen.push(event));
    expect(seen).toEqual([
      { type: 'error', detail: { message: 'boom', stack: thrown.stack, source: '/assets/a.js', line: 3, column: 7 } },
      { type: 'error', detail: { message: 'no cart', stack: '', rejection: true } },
    ]);
  });

  it("keeps an island's render error (an error boundary's report) as an error", () => {
    buffer = startEventBuffer();
    window.dispatchEvent(new CustomEvent('vitrine:render-error', { detail: { message: 'Broken gallery', stack: 'at Gallery', componentStack: 'in Gallery' } }));
    const seen: BufferedEvent[] = [];
    buffer.drain((event) => seen.push(event));
    expect(seen).toEqual([{ type: 'error', detail: { message: 'Broken gallery', stack: 'at Gallery' } }]);
  });

  it('keeps at most 50 events and 20 errors before the client arrives', () => {
    buffer = startEventBuffer();
    for (let n = 0; n < 60; n += 1) dispatch(document, SHOPPER_EVENTS.addToCart, { n });
    for (let n = 0; n < 30; n += 1) window.dispatchEvent(new ErrorEvent('error', { message: `e${n}` }));
    const seen: BufferedEvent[] = [];
    buffer.drain((event) => seen.push(event));
    expect(BUFFER_LIMITS).toEqual({ events: 50, errors: 20 });
    expect(seen.filter((event) => event.type === 'error')).toHaveLength(20);
    expect(seen.filter((event) => event.type !== 'error').map((event) => (event.detail as { n: number }).n)).toEqual([...Array(50).keys()]);
  });
});
