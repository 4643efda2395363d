// databases: one — the HTTP edge's answers, not the SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';

/*
 * The Design screen (owner app) shows the real site in a same-origin frame with `?design-preview=draft`: only for
 * one who may change the site's styles does that page let this origin frame it; any other answer keeps the site's
 * policy (frame-ancestors 'none', X-Frame-Options DENY).
 */

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
}, 90_000);
afterAll(async () => {
  await server?.close();
});

const framing = (answer: { headers: Record<string, unknown> }) => ({
  ancestors: /frame-ancestors ([^;]+)/.exec(String(answer.headers['content-security-policy']))?.[1],
  xFrameOptions: answer.headers['x-frame-options'],
});

describe('the design preview frame', () => {
  it('lets this origin frame a page with ?design-preview=draft for an admin (home, a product, a content page), keeping the rest of the policy', async () => {
    const admin = await ownerVisitor(server, 'admin');
    for (const path of ['/?design-preview=draft', '/shop/p/linen-shirt?design-preview=draft', '/shop?design-preview=draft']) {
      const answer = await admin.get(path);
      expect(answer.statusCode, path).toBe(200);
      expect(framing(answer), path).toEqual({ ancestors: "'self'", xFrameOptions: 'SAMEORIGIN' });
      expect(answer.headers['content-security-policy'], path).toContain("script-src 'self'");
      expect(answer.headers['content-security-policy'], path).toContain("style-src-elem 'self'");
      expect(answer.headers['x-robots-tag'], path).toBe('noindex');
      expect(answer.headers['cache-control'], path).toBe('private, no-store');
    }
    expect(framing(await admin.get('/'))).toEqual({ ancestors: "'none'", xFrameOptions: 'DENY' });
  });

  it('keeps the page unframable for a shopper, a viewer and an editor, even with ?design-preview=draft', async () => {
    const shopper = new TestVisitor(server.app);
    expect(framing(await shopper.get('/?design-preview=draft'))).toEqual({ ancestors: "'none'", xFrameOptions: 'DENY' });
    for (const role of ['viewer', 'editor'] as const) {
      const visitor = await ownerVisitor(server, role);
      expect(framing(await visitor.get('/?design-preview=draft')), role).toEqual({ ancestors: "'none'", xFrameOptions: 'DENY' });
    }
  });
});
