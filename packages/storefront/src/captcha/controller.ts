import { CAPTCHA_COMPACT_WIDTH_PX, CAPTCHA_WIDGET_ERRORS } from '@vitrine/contracts/shopper-messages';

/** What the controller needs of the ALTCHA element (its `altcha` typings, narrowed to what we call). */
export interface CaptchaElement extends HTMLElement {
  configure(config: Record<string, unknown>): Promise<void> | void;
  reset(): void;
  verify(): Promise<{ payload?: string } | null>;
}

/** Loads the widget's code and says which element to create; a dynamic import in the browser. */
export type CaptchaLoader = () => Promise<{ widgetTag: string }>;

export const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge';

let nextWidgetId = 0;

/**
 * One captcha on a page (platform spec §4): not rendered, then rendered (holding a widget id), with
 * reset and destroy. The token is the widget's payload once it has solved its challenge; the box or
 * form sends it with its call. Compact when the container is narrower than 320 px.
 */
export class CaptchaController {
  widgetId: number | null = null;
  private element: CaptchaElement | null = null;
  private token: string | null = null;
  private destroyed = false;
  private readonly listeners = new Set<(token: string | null) => void>();

  constructor(
    private readonly load: CaptchaLoader,
    private readonly challengeUrl = CAPTCHA_CHALLENGE_URL,
  ) {}

  get isRendered(): boolean {
    return this.element !== null;
  }

  /** The solved challenge's payload, or null while there is none. */
  get currentToken(): string | null {
    return this.token;
  }

  /** Called with the token whenever it changes (null after a reset or an expiry). */
  onToken(listener: (token: string | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Loads the widget and renders it into `node`. A page that goes away while loading rejects with
   * 'Document was destroyed'; any other failure is only logged, 'Error rendering captcha into node',
   * and leaves the widget not rendered (the form then says the captcha is incomplete).
   */
  async render(node: HTMLElement): Promise<void> {
    if (this.element || this.destroyed) return;
    const gone = new Promise<never>((_, reject) => {
      const onHide = () => reject(new Error(CAPTCHA_WIDGET_ERRORS.destroyed));
      globalThis.addEventListener?.('pagehide', onHide, { once: true });
    });
    gone.catch(() => undefined);
    let tag: string;
    try {
      ({ widgetTag: tag } = await Promise.race([this.load(), gone]));
    } catch (error) {
      if (error instanceof Error && error.message === CAPTCHA_WIDGET_ERRORS.destroyed) throw error;
      console.error(CAPTCHA_WIDGET_ERRORS.render, error);
      return;
    }
    if (this.destroyed) return;
    try {
      const element = document.createElement(tag) as CaptchaElement;
      // The box is hidden while empty (it measures 0), so the width it will fill is its parent's.
      const width = node.getBoundingClientRect().width || node.parentElement?.getBoundingClientRect().width || 0;
      const compact = width < CAPTCHA_COMPACT_WIDTH_PX;
      node.dataset.size = compact ? 'compact' : 'normal';
      // Starts working when the shopper focuses a field of the form, so it is usually done by the time
      // they press the button; the checkbox stays there for keyboard and screen-reader users.
      element.setAttribute('auto', 'onfocus');
      element.setAttribute('challenge', this.challengeUrl);
      element.setAttribute('credentials', 'same-origin');
      element.setAttribute('hidefooter', '');
      element.setAttribute('hidelogo', '');
      element.addEventListener('statechange', (event) => {
        const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail ?? {};
        this.setToken(detail.state === 'verified' && typeof detail.payload === 'string' ? detail.payload : null);
      });
      node.appendChild(element);
      this.element = element;
      nextWidgetId += 1;
      this.widgetId = nextWidgetId;
    } catch (error) {
      console.error(CAPTCHA_WIDGET_ERRORS.render, error);
    }
  }

  /** Solves now (the spec's execute): rejects 'ReCaptcha has not been set up!' before render. */
  async execute(): Promise<string> {
    if (!this.element) throw new Error(CAPTCHA_WIDGET_ERRORS.notSetUp);
    if (this.token) return this.token;
    const result = await this.element.verify();
    const payload = result?.payload;
    if (typeof payload !== 'string' || payload === '') throw new Error(CAPTCHA_WIDGET_ERRORS.notSetUp);
    this.setToken(payload);
    return payload;
  }

  /** After a failed call: a fresh challenge (a used solution is refused by the server). */
  reset(): void {
    this.element?.reset();
    this.setToken(null);
  }

  /** After success, or when the form goes away: the widget is removed and stays gone. */
  destroy(): void {
    this.destroyed = true;
    this.element?.remove();
    this.element = null;
    this.widgetId = null;
    this.setToken(null);
    this.listeners.clear();
  }

  private setToken(token: string | null): void {
    if (token === this.token) return;
    this.token = token;
    for (const listener of this.listeners) listener(token);
  }
}
