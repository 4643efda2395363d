import { vi } from 'vitest';
import type { TrackingPageContext } from '../page-context';

/** A storefront page's tracking context, as the server writes it (tests change what they need). */
export function pageContext(overrides: Partial<TrackingPageContext> = {}): TrackingPageContext {
  return {
    websiteId: 'website-1',
    templateId: 'vitrine-default',
    websiteLocale: 'en-US',
    pageType: 50,
    itemId: 'item-1',
    recordType: 11,
    collectionId: 'collection-1',
    accountHolder: false,
    viewerOnly: false,
    memberAccountId: null,
    memberLocale: null,
    disabled: false,
    cookieRestrictions: false,
    sourceEnvironment: 'dev',
    ...overrides,
  };
}

/** Every cookie of the page removed, both storages emptied, the page back at `path`. */
export function resetBrowser(path = '/'): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=;Path=/;Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
  document.title = 'Linen Shirt · Vitrine';
  delete document.documentElement.dataset.tracking;
  history.replaceState(null, '', path);
}

/** The cookie strings the page writes from now on (attributes included), through document.cookie's own setter. */
export function recordCookieWrites(): string[] {
  let owner: object | null = document;
  while (owner && !Object.getOwnPropertyDescriptor(owner, 'cookie')) owner = Object.getPrototypeOf(owner);
  const writes: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(owner!, 'cookie')!;
  vi.spyOn(owner as { cookie: string }, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
    writes.push(value);
    descriptor.set!.call(this, value);
  });
  return writes;
}

export interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  /** 'beacon' or 'fetch'. */
  via: 'beacon' | 'fetch';
  keepalive?: boolean;
  signal?: AbortSignal;
}

export interface NetworkStub {
  sent: SentRequest[];
  /** The status fetch answers (200 unless set), or a function of the request. */
  status: number | ((request: SentRequest) => number);
  /** The JSON body fetch answers. */
  json: unknown;
  /** Requests to paths for which fetch never answers (until aborted). */
  hang: Set<string>;
  /** false: no navigator.sendBeacon; 'refuse': it returns false. */
  beacon: boolean | 'refuse';
}

const bodyText = (body: unknown) => (body === undefined || body === null ? '' : body instanceof URLSearchParams ? body.toString() : String(body));

/** fetch and navigator.sendBeacon replaced by recorders. */
export function stubNetwork(): NetworkStub {
  const stub: NetworkStub = { sent: [], status: 200, json: {}, hang: new Set(), beacon: true };
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const request: SentRequest = {
      url: String(url),
      method: init.method ?? 'GET',
      headers: Object.fromEntries(Object.entries((init.headers as Record<string, string>) ?? {}).map(([key, value]) => [key.toLowerCase(), value])),
      body: bodyText(init.body),
      via: 'fetch',
      keepalive: init.keepalive,
      signal: init.signal ?? undefined,
    };
    stub.sent.push(request);
    if (stub.hang.has(request.url)) {
      return new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }
    const status = typeof stub.status === 'function' ? stub.status(request) : stub.status;
    return Promise.resolve(new Response(JSON.stringify(stub.json), { status, headers: { 'content-type': 'application/json' } }));
  });
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    get: () =>
      stub.beacon === false
        ? undefined
        : (url: string, body?: BodyInit) => {
            if (stub.beacon === 'refuse') return false;
            stub.sent.push({ url: String(url), method: 'POST', headers: {}, body: bodyText(body), via: 'beacon' });
            return true;
          },
  });
  return stub;
}

/** The form fields of a form-encoded body. */
export const formFields = (body: string) => Object.fromEntries(new URLSearchParams(body));

/** Lets pending promises (and the dynamic imports they wait on) settle. */
export async function settle(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Makes a storage refuse, as a browser with site data blocked does: the named methods (all by default) throw a
 * SecurityError, the others still work. Undo with vi.unstubAllGlobals().
 */
export function blockStorage(name: 'localStorage' | 'sessionStorage', methods: ('getItem' | 'setItem' | 'removeItem')[] = ['getItem', 'setItem', 'removeItem']): void {
  const real = globalThis[name];
  const refuse = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  vi.stubGlobal(name, {
    getItem: methods.includes('getItem') ? refuse : (key: string) => real.getItem(key),
    setItem: methods.includes('setItem') ? refuse : (key: string, value: string) => real.setItem(key, value),
    removeItem: methods.includes('removeItem') ? refuse : (key: string) => real.removeItem(key),
    clear: () => real.clear(),
  });
}
