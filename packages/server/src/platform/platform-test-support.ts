import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { TestServer } from '../testing';
import { TestVisitor } from '../testing';

/** An answer of app.inject, as TestVisitor gives it (no Fastify import outside route files and http/). */
type Response = Awaited<ReturnType<TestVisitor['request']>>;

/*
 * A browser across the platform's hosts, for the platform's tests (issue 32): one cookie jar per host, as a browser
 * keeps host-only cookies, forms posted as a browser posts them (urlencoded, the crumb as a field), and 303s
 * followed host by host.
 */

export const PLATFORM = 'vitrine.test';
export const PLATFORM_URL = `http://${PLATFORM}`;
export const PASSWORD = 'correct horse battery';

let addressCount = 0;

export class PlatformBrowser {
  readonly #hosts = new Map<string, TestVisitor>();
  readonly ip: string;
  /** The host of the last request: where a relative Location points. */
  #lastHost = PLATFORM;

  constructor(private readonly server: TestServer) {
    addressCount += 1;
    this.ip = `10.32.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`;
  }

  /** This browser's jar for one host (every request of it sends that Host). */
  at(host: string): TestVisitor {
    let visitor = this.#hosts.get(host);
    if (!visitor) {
      visitor = new TestVisitor(this.server.app, this.ip, { host });
      this.#hosts.set(host, visitor);
    }
    return visitor;
  }

  get platform(): TestVisitor {
    return this.at(PLATFORM);
  }

  get(host: string, url: string): Promise<Response> {
    this.#lastHost = host;
    return this.at(host).request({ method: 'GET', url, headers: { accept: 'text/html' } });
  }

  /** Posts a form as a browser does: urlencoded, the crumb cookie's value as the `crumb` field. */
  async postForm(host: string, url: string, fields: Record<string, string>): Promise<Response> {
    const visitor = this.at(host);
    this.#lastHost = host;
    if (!visitor.crumb) await visitor.request({ method: 'GET', url: '/signin', headers: { accept: 'text/html' } });
    const payload = new URLSearchParams({ crumb: visitor.crumb ?? '', ...fields }).toString();
    return visitor.request({ method: 'POST', url, payload, headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' }, sendCrumb: false });
  }

  /** Follows a 303 or 301 to wherever it points (another host included), as a GET. */
  async follow(response: Response): Promise<Response> {
    expect([301, 302, 303], response.body).toContain(response.statusCode);
    const location = new URL(String(response.headers.location), `http://${this.#lastHost}`);
    const answer = await this.get(location.host, `${location.pathname}${location.search}`);
    // The owner app's page hands its changes' X-SiteUser-XSRF-Token over in its boot data, as the app reads it.
    const boot = /<script type="application\/json" id="owner-boot">([^<]*)<\/script>/.exec(answer.body);
    if (boot) this.at(location.host).siteUserXsrfToken = (JSON.parse(boot[1]!) as { xsrfToken: string }).xsrfToken;
    return answer;
  }
}

/** Where a page's `<meta http-equiv="refresh">` goes on to (the opening page after a form that ends on a website). */
export function refreshTarget(html: string): string {
  const match = /<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(html);
  if (!match) throw new Error(`no refresh in the page:\n${html.slice(0, 2000)}`);
  return match[1]!.replace(/&amp;/g, '&');
}

/** A stand-in for the built owner app (its index.html with the boot marker), so /config answers the boot data. */
export function fakeOwnerAppDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'platform-owner-app-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="en"><head><title>Vitrine</title></head><body>\n<!--owner-boot-->\n<div id="owner-app"></div>\n</body></html>');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A hidden field's value in a page (the session's `xsrf`, a sealed `pending`). */
export function hiddenField(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match) throw new Error(`no hidden field ${name} in the page:\n${html.slice(0, 2000)}`);
  return match[1]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'");
}

/** The newest platform mail (no website's) to `to`. */
export async function platformMailTo(server: TestServer, to: string) {
  return server.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('website_id', 'is', null)
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/** The first link to the platform in a mail's text. */
export const linkIn = (text: string, path: string) => {
  const match = new RegExp(`${PLATFORM_URL.replace(/\./g, '\\.')}${path.replace(/\?/g, '\\?')}[^\\s]+`).exec(text);
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return new URL(match[0]);
};

/**
 * A new, confirmed and signed-in account, through the pages: sign up, the mailed link, its button. Answers the browser
 * (signed in on the platform's host).
 */
export async function signedUpAccount(server: TestServer, email: string): Promise<PlatformBrowser> {
  const browser = new PlatformBrowser(server);
  const signUp = await browser.postForm(PLATFORM, '/signup', { email, password: PASSWORD });
  expect(signUp.statusCode, signUp.body).toBe(200);
  const link = linkIn((await platformMailTo(server, email)).text_body, '/signup/confirm?token=');
  const confirmed = await browser.postForm(PLATFORM, '/signup/confirm', { token: link.searchParams.get('token')! });
  expect(confirmed.statusCode, confirmed.body).toBe(303);
  return browser;
}

/** The session's own token, which every signed-in form carries (read from a signed-in page). */
export async function xsrfOf(browser: PlatformBrowser): Promise<string> {
  const page = await browser.get(PLATFORM, '/websites/new');
  expect(page.statusCode, page.body).toBe(200);
  return hiddenField(page.body, 'xsrf');
}

/** Creates a website through "Create a website" and answers the 303 to its hand-off. */
export async function createSite(browser: PlatformBrowser, fields: { siteTitle: string; identifier: string; content: 'sample' | 'empty' }): Promise<Response> {
  return browser.postForm(PLATFORM, '/websites', { ...fields, xsrf: await xsrfOf(browser) });
}
