/**
 * Cookies for a client outside a browser (Node scripts, tests): what a browser does for the owner app.
 * One server, so domain and path are not looked at; an expired or emptied cookie is dropped.
 */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  /** The `Cookie` header to send, and what the client's `cookies` option reads. */
  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  set(name: string, value: string): void {
    this.#cookies.set(name, value);
  }

  delete(name: string): void {
    this.#cookies.delete(name);
  }

  /** Takes the `Set-Cookie` headers of an answer. */
  store(setCookieHeaders: readonly string[], now = Date.now()): void {
    for (const header of setCookieHeaders) {
      const [pair = '', ...attributes] = header.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || isExpired(attributes, now)) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  /** A fetch that sends this jar's cookies and keeps the ones answered. */
  fetch(fetchImpl: typeof fetch = globalThis.fetch): typeof fetch {
    return async (input, init) => {
      const headers = new Headers(init?.headers);
      const cookie = this.header();
      if (cookie) headers.set('cookie', cookie);
      const response = await fetchImpl(input, { ...init, headers });
      this.store(response.headers.getSetCookie());
      return response;
    };
  }
}

function isExpired(attributes: readonly string[], now: number): boolean {
  for (const attribute of attributes) {
    const eq = attribute.indexOf('=');
    const key = (eq < 0 ? attribute : attribute.slice(0, eq)).trim().toLowerCase();
    const value = eq < 0 ? '' : attribute.slice(eq + 1).trim();
    if (key === 'max-age' && Number(value) <= 0) return true;
    if (key === 'expires' && Date.parse(value) <= now) return true;
  }
  return false;
}
