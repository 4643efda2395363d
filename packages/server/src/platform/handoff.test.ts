// databases: both — a website created with its owner in one transaction (two racing for one address: one wins), and hand-off tokens claimed once by a conditional update (two racing: one wins)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRIBUTOR_ROLES, type OwnerWebsitesReply } from '@vitrine/contracts';
import { createHandoff } from '../accounts';
import { OWNER_MESSAGES } from '../authorize';
import { openTestServer, type TestServer } from '../testing';
import { CREATE_WEBSITE_MESSAGES } from './create-website';
import { HANDOFF_MESSAGES } from './handoff';
import { createSite, fakeOwnerAppDir, hiddenField, PASSWORD, refreshTarget, PLATFORM, PLATFORM_URL, PlatformBrowser, signedUpAccount, xsrfOf } from './platform-test-support';

let server: TestServer;
const ownerApp = fakeOwnerAppDir();
beforeAll(async () => {
  server = await openTestServer({ platformDomain: PLATFORM, publicUrl: PLATFORM_URL, ownerAppDir: ownerApp.dir });
});
afterAll(async () => {
  await server?.close();
  ownerApp.remove();
});

const db = () => server.database.db;
const websiteNamed = (identifier: string) => db().selectFrom('websites').selectAll().where('identifier', '=', identifier).executeTakeFirstOrThrow();
const accountNamed = (email: string) => db().selectFrom('platform_accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow();

/**
 * From a form's opening page (a new website, an accepted invitation) on, as a browser goes: its refresh to "Open", Open's
 * 303 onto the website's host, the hand-off's 303 to /config. Answers the token and the /config page.
 */
async function landInConfig(browser: PlatformBrowser, opening: Awaited<ReturnType<typeof createSite>>, identifier: string) {
  expect([200, 201], opening.body).toContain(opening.statusCode);
  const website = await websiteNamed(identifier);
  expect(refreshTarget(opening.body)).toBe(`/websites/${website.id}/open`);
  expect(opening.body).toContain(`<a class="button" href="/websites/${website.id}/open">Open `);
  const created = await browser.get(PLATFORM, refreshTarget(opening.body));
  expect(created.statusCode, created.body).toBe(303);
  const location = new URL(String(created.headers.location));
  expect(`${location.origin}${location.pathname}`).toBe(`http://${identifier}.${PLATFORM}/config/handoff`);
  expect(location.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{32}$/);
  const handedOff = await browser.follow(created);
  expect(handedOff.statusCode, handedOff.body).toBe(303);
  expect(handedOff.headers.location).toBe('/config');
  const session = ([] as string[]).concat(handedOff.headers['set-cookie'] as string[]).find((line) => line.startsWith('siteUserSession='))!;
  expect(session).toMatch(/; HttpOnly/);
  expect(session).not.toMatch(/domain=/i);
  return { token: location.searchParams.get('token')!, config: await browser.follow(handedOff) };
}

describe('"Create a website" lands the owner in its /config, signed in through a one-time hand-off', () => {
  it('with the sample content, and empty — each on its own host, the account admin on both', async () => {
    const browser = await signedUpAccount(server, 'maker@example.com');
    const form = await browser.get(PLATFORM, '/websites/new');
    expect(form.body).toContain('<legend>Start with</legend>');
    expect(form.body).toContain(`<span class="platform-suffix" aria-hidden="true">.${PLATFORM}</span>`);

    const sample = await landInConfig(browser, await createSite(browser, { siteTitle: 'Fern & Loom', identifier: 'Fern-Loom', content: 'sample' }), 'fern-loom');
    expect(sample.config.statusCode).toBe(200);
    expect(sample.config.body).toContain('<script type="application/json" id="owner-boot">');
    expect(sample.config.body).toContain(`"platformUrl":"${PLATFORM_URL}"`);
    const host = `fern-loom.${PLATFORM}`;
    const me = await browser.at(host).get('/api/owner/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ siteUser: { email: 'maker@example.com' }, role: CONTRIBUTOR_ROLES.admin, roleName: 'admin' });
    const website = await websiteNamed('fern-loom');
    expect(website.site_title).toBe('Fern & Loom');
    // The sample content: the demo's shop and pages, under this website's own ids.
    const shop = await browser.get(host, '/shop/p/linen-shirt');
    expect(shop.statusCode).toBe(200);
    const owner = await db().selectFrom('site_users').select(['email', 'password_hash', 'platform_account_id']).where('website_id', '=', website.id).execute();
    expect(owner).toEqual([{ email: 'maker@example.com', password_hash: 'platform-account', platform_account_id: (await accountNamed('maker@example.com')).id }]);
    // No set-up link is left behind for it.
    expect(await db().selectFrom('owner_invitations').select('token_hash').where('website_id', '=', website.id).execute()).toEqual([]);

    const empty = await landInConfig(browser, await createSite(browser, { siteTitle: 'Quiet Press', identifier: 'quiet-press', content: 'empty' }), 'quiet-press');
    expect(empty.config.statusCode).toBe(200);
    expect((await browser.get(`quiet-press.${PLATFORM}`, '/shop/p/linen-shirt')).statusCode).toBe(404);
    expect((await browser.get(`quiet-press.${PLATFORM}`, '/')).body).toContain('Quiet Press');

    const list = await browser.get(PLATFORM, '/websites');
    expect(list.body).toContain('<h2 class="platform-site-name">Fern &amp; Loom</h2>');
    expect(list.body).toContain(`<p class="platform-site-address">fern-loom.${PLATFORM}</p>`);
    expect(list.body).toContain(`href="/websites/${website.id}/open" aria-label="Open Fern &amp; Loom">Open</a>`);
    expect(list.body.match(/Your role: <strong>admin<\/strong>/g)).toHaveLength(2);
    expect(list.body.indexOf('Fern &amp; Loom')).toBeLessThan(list.body.indexOf('Quiet Press'));
  });

  it('refuses a bad name and address in place, a taken one, and a form without the session token — writing nothing', async () => {
    const browser = await signedUpAccount(server, 'picky@example.com');
    const before = await db().selectFrom('websites').select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const bad = await createSite(browser, { siteTitle: ' ', identifier: 'x_', content: 'empty' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(CREATE_WEBSITE_MESSAGES.refused);
    expect(bad.body).toContain(`id="platform-siteTitle-error">${CREATE_WEBSITE_MESSAGES.titleRequired}</span>`);
    expect(bad.body).toContain(`id="platform-identifier-error">${CREATE_WEBSITE_MESSAGES.identifierInvalid}</span>`);
    expect(bad.body).toContain('value="x_"');
    const reserved = await createSite(browser, { siteTitle: 'Admin', identifier: 'admin', content: 'empty' });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.body).toContain(CREATE_WEBSITE_MESSAGES.identifierReserved);
    const taken = await createSite(browser, { siteTitle: 'Demo two', identifier: 'demo', content: 'sample' });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain(CREATE_WEBSITE_MESSAGES.identifierTaken);
    const noToken = await browser.postForm(PLATFORM, '/websites', { siteTitle: 'Sneaky', identifier: 'sneaky', content: 'empty' });
    expect(noToken.statusCode).toBe(403);
    const after = await db().selectFrom('websites').select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const account = await accountNamed('picky@example.com');
    expect(await db().selectFrom('site_users').select('id').where('platform_account_id', '=', account.id).execute()).toEqual([]);
  });

  it('two creations racing for one address: one website, one owner, one 409', async () => {
    const first = await signedUpAccount(server, 'racer-one@example.com');
    const second = await signedUpAccount(server, 'racer-two@example.com');
    const [a, b] = await Promise.all([
      xsrfOf(first).then((xsrf) => first.postForm(PLATFORM, '/websites', { siteTitle: 'Race', identifier: 'race-site', content: 'empty', xsrf })),
      xsrfOf(second).then((xsrf) => second.postForm(PLATFORM, '/websites', { siteTitle: 'Race', identifier: 'race-site', content: 'empty', xsrf })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const website = await websiteNamed('race-site');
    const owners = await db().selectFrom('contributors').select('site_user_id').where('website_id', '=', website.id).execute();
    expect(owners).toHaveLength(1);
    expect(await db().selectFrom('site_users').select('id').where('website_id', '=', website.id).execute()).toHaveLength(1);
  });
});

describe('the hand-off token', () => {
  it('works once, for its own website, within its 60 seconds; two redemptions racing: one signs in', async () => {
    const browser = await signedUpAccount(server, 'opener@example.com');
    const created = await createSite(browser, { siteTitle: 'Once Only', identifier: 'once-only', content: 'empty' });
    const { token } = await landInConfig(browser, created, 'once-only');
    const host = `once-only.${PLATFORM}`;
    const reused = await new PlatformBrowser(server).get(host, `/config/handoff?token=${token}`);
    expect(reused.statusCode).toBe(400);
    expect(reused.body).toContain(HANDOFF_MESSAGES.notValid);
    expect(reused.body).toContain(`href="${PLATFORM_URL}/websites"`);
    expect(reused.headers['set-cookie']).toBeUndefined();

    const website = await websiteNamed('once-only');
    const account = await accountNamed('opener@example.com');
    // Made 61 seconds ago: past its time.
    const stale = await createHandoff(db(), account.id, website.id, new Date(Date.now() - 61_000));
    const late = await new PlatformBrowser(server).get(host, `/config/handoff?token=${stale.token}`);
    expect(late.statusCode).toBe(400);
    expect(late.body).toContain(HANDOFF_MESSAGES.notValid);
    // A token made for another website is nothing here.
    const demo = await websiteNamed('demo');
    const foreign = await createHandoff(db(), account.id, demo.id);
    expect((await new PlatformBrowser(server).get(host, `/config/handoff?token=${foreign.token}`)).statusCode).toBe(400);
    expect((await new PlatformBrowser(server).get(host, '/config/handoff')).statusCode).toBe(400);

    const fresh = await createHandoff(db(), account.id, website.id);
    const [one, two] = await Promise.all([new PlatformBrowser(server).get(host, `/config/handoff?token=${fresh.token}`), new PlatformBrowser(server).get(host, `/config/handoff?token=${fresh.token}`)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([303, 400]);
    // Only the token's hash is kept.
    expect(JSON.stringify(await db().selectFrom('platform_handoffs').selectAll().execute())).not.toContain(fresh.token);
  });

  it('"Open" hands off only to a website of the account, and asks to sign in first', async () => {
    const browser = await signedUpAccount(server, 'visitor-of-demo@example.com');
    const demo = await websiteNamed('demo');
    const refused = await browser.get(PLATFORM, `/websites/${demo.id}/open`);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain(HANDOFF_MESSAGES.notYours);
    const signedOut = await new PlatformBrowser(server).get(PLATFORM, `/websites/${demo.id}/open`);
    expect(signedOut.statusCode).toBe(303);
    expect(signedOut.headers.location).toBe(`/signin?next=${encodeURIComponent(`/websites/${demo.id}/open`)}`);

    // Signing in on the way to a website (the switcher's link, signed out on the platform) ends on a page that goes on.
    const owner = await signedUpAccount(server, 'comes-back@example.com');
    await landInConfig(owner, await createSite(owner, { siteTitle: 'Comes Back', identifier: 'comes-back', content: 'empty' }), 'comes-back');
    const website = await websiteNamed('comes-back');
    const elsewhere = new PlatformBrowser(server);
    const asked = await elsewhere.get(PLATFORM, `/websites/${website.id}/open`);
    await elsewhere.follow(asked);
    const signedIn = await elsewhere.postForm(PLATFORM, '/signin', { email: 'comes-back@example.com', password: PASSWORD, next: `/websites/${website.id}/open` });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain('Opening your website…');
    await landInConfig(elsewhere, signedIn, 'comes-back');
  });
});

describe('one account, many websites', () => {
  it('is admin on its own website and editor on another it was invited to, each role held to as today, and the switcher lists both', async () => {
    const ana = await signedUpAccount(server, 'ana@example.com');
    await landInConfig(ana, await createSite(ana, { siteTitle: 'Ana Ceramics', identifier: 'ana-ceramics', content: 'empty' }), 'ana-ceramics');
    const ben = await signedUpAccount(server, 'ben@example.com');
    await landInConfig(ben, await createSite(ben, { siteTitle: 'Ben Books', identifier: 'ben-books', content: 'sample' }), 'ben-books');
    const benHost = `ben-books.${PLATFORM}`;

    // Ben invites Ana's address as an editor; the mail's link opens Ben's set-up page, which offers her account.
    const invited = await ben.at(benHost).post('/api/owner/contributors/invitations', { email: 'ana@example.com', role: CONTRIBUTOR_ROLES.editor });
    expect(invited.statusCode).toBe(201);
    const mail = await db().selectFrom('mail_outbox').select('text_body').where('template', '=', 'contributor-invitation').where('to_address', '=', 'ana@example.com').executeTakeFirstOrThrow();
    const invitation = new URL(/http:\/\/ben-books\.vitrine\.test\/config\/setup\?token=[^\s]+/.exec(mail.text_body)![0]);
    const setup = await ana.get(benHost, `${invitation.pathname}${invitation.search}`);
    const accept = new URL(/href="([^"]+)">Accept with your Vitrine account<\/a>/.exec(setup.body)![1]!.replace(/&amp;/g, '&'));
    expect(`${accept.origin}${accept.pathname}`).toBe(`${PLATFORM_URL}/invitations/accept`);
    expect(accept.searchParams.get('site')).toBe('ben-books');
    const acceptPage = await ana.get(PLATFORM, `${accept.pathname}${accept.search}`);
    expect(acceptPage.body).toContain('You are invited to work on <strong>Ben Books</strong> as <strong>editor</strong>');
    const accepted = await ana.postForm(PLATFORM, '/invitations/accept', {
      site: 'ben-books',
      token: accept.searchParams.get('token')!,
      xsrf: hiddenField(acceptPage.body, 'xsrf'),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.body).toContain('You now work on Ben Books. Opening it…');
    await landInConfig(ana, accepted, 'ben-books');

    const asEditor = ana.at(benHost);
    expect((await asEditor.get('/api/owner/me')).json()).toMatchObject({ siteUser: { email: 'ana@example.com' }, roleName: 'editor' });
    const contributors = await asEditor.get('/api/owner/contributors');
    expect(contributors.statusCode).toBe(403);
    expect(contributors.json()).toEqual({ message: OWNER_MESSAGES.notAllowed });
    expect((await asEditor.get('/api/owner/orders')).statusCode).toBe(403);
    expect((await asEditor.get('/api/owner/navigation')).statusCode).not.toBe(403);
    const asAdmin = ana.at(`ana-ceramics.${PLATFORM}`);
    expect((await asAdmin.get('/api/owner/contributors')).statusCode).toBe(200);

    const list = await ana.get(PLATFORM, '/websites');
    expect(list.body).toMatch(/Ana Ceramics<\/h2>[\s\S]*?Your role: <strong>admin<\/strong>[\s\S]*?Ben Books<\/h2>[\s\S]*?Your role: <strong>editor<\/strong>/);

    const anaSite = await websiteNamed('ana-ceramics');
    const benSite = await websiteNamed('ben-books');
    const switcher = await asEditor.get('/api/owner/websites');
    expect(switcher.statusCode).toBe(200);
    expect(switcher.json()).toEqual({
      platformUrl: PLATFORM_URL,
      websites: [
        { websiteId: anaSite.id, title: 'Ana Ceramics', address: `http://ana-ceramics.${PLATFORM}`, role: CONTRIBUTOR_ROLES.admin, roleName: 'admin', current: false, openUrl: `${PLATFORM_URL}/websites/${anaSite.id}/open` },
        { websiteId: benSite.id, title: 'Ben Books', address: `http://ben-books.${PLATFORM}`, role: CONTRIBUTOR_ROLES.editor, roleName: 'editor', current: true, openUrl: `${PLATFORM_URL}/websites/${benSite.id}/open` },
      ],
    } satisfies OwnerWebsitesReply);
    // The switcher's link hands off to the other website.
    const open = await ana.get(PLATFORM, `/websites/${anaSite.id}/open`);
    expect(open.statusCode).toBe(303);
    expect(String(open.headers.location)).toMatch(new RegExp(`^http://ana-ceramics\\.${PLATFORM.replace('.', '\\.')}/config/handoff\\?token=`));
  });

  it('links a site user to the account when an invitation for its address is redeemed on the website itself, or when it signs up later', async () => {
    const carla = await signedUpAccount(server, 'carla@example.com');
    const owner = await signedUpAccount(server, 'dora@example.com');
    await landInConfig(owner, await createSite(owner, { siteTitle: 'Dora Goods', identifier: 'dora-goods', content: 'empty' }), 'dora-goods');
    const doraHost = `dora-goods.${PLATFORM}`;
    for (const email of ['carla@example.com', 'later@example.com']) {
      expect((await owner.at(doraHost).post('/api/owner/contributors/invitations', { email, role: CONTRIBUTOR_ROLES.storeManager })).statusCode).toBe(201);
    }
    const tokenFor = async (email: string) => {
      const mail = await db().selectFrom('mail_outbox').select('text_body').where('template', '=', 'contributor-invitation').where('to_address', '=', email).executeTakeFirstOrThrow();
      return new URL(/http:\/\/dora-goods\S+/.exec(mail.text_body)![0]).searchParams.get('token')!;
    };
    // Carla accepts on the website's own page with a password of her own: the site user is linked to her account.
    const onSite = new PlatformBrowser(server);
    await onSite.get(doraHost, '/');
    const redeemed = await onSite.at(doraHost).post('/api/owner/setup', { token: await tokenFor('carla@example.com'), email: 'carla@example.com', password: 'her own site password' });
    expect(redeemed.statusCode).toBe(201);
    expect((await carla.get(PLATFORM, '/websites')).body).toMatch(/Dora Goods<\/h2>[\s\S]*?Your role: <strong>store manager<\/strong>/);

    // Someone invited before they had an account redeems on the site, then signs up: confirming links it.
    const early = new PlatformBrowser(server);
    await early.get(doraHost, '/');
    expect((await early.at(doraHost).post('/api/owner/setup', { token: await tokenFor('later@example.com'), email: 'later@example.com', password: 'a site password' })).statusCode).toBe(201);
    const later = await signedUpAccount(server, 'later@example.com');
    expect((await later.get(PLATFORM, '/websites')).body).toContain('Dora Goods</h2>');
  });
});
