// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_WIDGET_ERRORS } from '@vitrine/contracts/shopper-messages';
import { CaptchaController } from './controller';

// A stand-in for the ALTCHA element, which lives outside our code: it records what it is asked.
class FakeWidget extends HTMLElement {
  resets = 0;
  configure() {}
  reset() {
    this.resets += 1;
  }
  async verify(): Promise<{ payload?: string } | null> {
    return { payload: 'solved-by-verify' };
  }
}
customElements.define('fake-captcha', FakeWidget);
const loader = () => Promise.resolve({ widgetTag: 'fake-captcha' });

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const container = () => document.body.appendChild(document.createElement('div'));
const solve = (element: Element, payload: string | undefined, state = 'verified') =>
  element.dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }));

describe('the captcha controller', () => {
  // Platform §8: "'ReCaptcha has not been set up!' (execute rejected)" — the spec's exact words, written out here.
  it("rejects an execute before render with exactly 'ReCaptcha has not been set up!'", async () => {
    const controller = new CaptchaController(loader);
    const rejection = await controller.execute().then(() => undefined, (error: unknown) => error);
    expect(rejection).toBeInstanceOf(Error);
    expect((rejection as Error).message).toBe('ReCaptcha has not been set up!');
    expect(controller.isRendered).toBe(false);
    expect(controller.currentToken).toBeNull();
  });

  it('rejects an execute after destroy, and one whose widget answers no payload, with the same words', async () => {
    const destroyed = new CaptchaController(loader);
    await destroyed.render(container());
    destroyed.destroy();
    await expect(destroyed.execute()).rejects.toThrowError(/^ReCaptcha has not been set up!$/);
    const unsolved = new CaptchaController(loader);
    const node = container();
    await unsolved.render(node);
    vi.spyOn(node.querySelector('fake-captcha') as FakeWidget, 'verify').mockResolvedValue({});
    await expect(unsolved.execute()).rejects.toThrowError(/^ReCaptcha has not been set up!$/);
    expect(CAPTCHA_WIDGET_ERRORS.notSetUp).toBe('ReCaptcha has not been set up!');
  });

  it('renders once into its node, with a widget id, compact under 320 px, fetching our challenge', async () => {
    const controller = new CaptchaController(loader);
    const node = container();
    expect(controller.isRendered).toBe(false);
    await controller.render(node);
    await controller.render(node);
    expect(controller.isRendered).toBe(true);
    expect(controller.widgetId).toEqual(expect.any(Number));
    expect(node.querySelectorAll('fake-captcha')).toHaveLength(1);
    const element = node.querySelector('fake-captcha')!;
    expect(element.getAttribute('challenge')).toBe('/api/captcha/challenge');
    expect(element.getAttribute('auto')).toBe('onfocus');
    // happy-dom lays nothing out: the box is 0 px wide.
    expect(node.dataset.size).toBe('compact');
  });

  it('is normal size in a wide form, measured by its parent while the empty box is hidden', async () => {
    const form = container();
    const node = form.appendChild(document.createElement('div'));
    vi.spyOn(form, 'getBoundingClientRect').mockReturnValue({ width: 480 } as DOMRect);
    await new CaptchaController(loader).render(node);
    expect(node.dataset.size).toBe('normal');
  });

  it('holds the token once solved, and forgets it on reset and destroy', async () => {
    const controller = new CaptchaController(loader);
    const node = container();
    await controller.render(node);
    const seen: Array<string | null> = [];
    controller.onToken((token) => seen.push(token));
    const element = node.querySelector('fake-captcha') as FakeWidget;
    solve(element, 'payload-1');
    expect(controller.currentToken).toBe('payload-1');
    expect(await controller.execute()).toBe('payload-1');
    controller.reset();
    expect(element.resets).toBe(1);
    expect(controller.currentToken).toBeNull();
    expect(await controller.execute()).toBe('solved-by-verify');
    solve(element, undefined, 'expired');
    expect(controller.currentToken).toBeNull();
    controller.destroy();
    expect(node.querySelector('fake-captcha')).toBeNull();
    expect(controller.isRendered).toBe(false);
    expect(seen).toEqual(['payload-1', null, 'solved-by-verify', null]);
    // Destroyed stays destroyed.
    await controller.render(node);
    expect(node.querySelector('fake-captcha')).toBeNull();
  });

  it("logs 'Error rendering captcha into node' when the widget cannot load, and stays not rendered", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const controller = new CaptchaController(() => Promise.reject(new Error('offline')));
    await controller.render(container());
    expect(logged).toHaveBeenCalledWith(CAPTCHA_WIDGET_ERRORS.render, expect.any(Error));
    expect(controller.isRendered).toBe(false);
  });

  it("rejects with 'Document was destroyed' when the page goes away while loading", async () => {
    const controller = new CaptchaController(() => new Promise(() => {}));
    const rendering = controller.render(container());
    window.dispatchEvent(new Event('pagehide'));
    await expect(rendering).rejects.toThrow(CAPTCHA_WIDGET_ERRORS.destroyed);
  });
});
