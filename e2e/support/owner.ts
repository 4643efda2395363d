import type { BrowserContext, Page } from 'playwright-core';
import type { Kysely } from 'kysely';
import type { Database } from '../../packages/server/src/db/schema';
import { HttpVisitor } from '../../packages/server/src/reliability/server-process';
import { serverTools } from './server';
import { newShopper } from './browser';
import type { Shop } from './fixtures';

/** The owner an owner journey signs in as (created from a one-time set-up link, like a first run). */
export const OWNER = { email: 'owner@example.com', password: 'correct horse battery staple' };

/**
 * For useShop's prepareDatabase: makes a one-time set-up link (an admin's unless another role is named; for OWNER
 * unless another email is) on the demo website and answers its token (redeemed by the set-up form in the browser,
 * or by signedInOwner).
 */
export async function createOwnerSetupToken(db: Kysely<Database>, role: 'admin' | 'viewer' | 'storeManager' | 'editor' = 'admin', email = OWNER.email): Promise<string> {
  const { createSetupLink, findDefaultWebsite, systemActor, CONTRIBUTOR_ROLES } = await serverTools();
  const website = await findDefaultWebsite(db);
  if (!website) throw new Error('the demo website is not seeded');
  // Made for OWNER's email: the server's first start retires every link made for no email in particular (it
  // prints a fresh one), and a link for one email is an admin's invitation, which survives it.
  return (await createSetupLink(db, website, systemActor('e2e'), { role: CONTRIBUTOR_ROLES[role], email })).token;
}

/** The owner signed in over HTTP (no browser) by redeeming the set-up link: for calling the owner API. */
export async function signedInOwner(baseUrl: string, setupToken: string): Promise<HttpVisitor> {
  const owner = new HttpVisitor();
  await owner.visit(baseUrl, '/');
  const answer = await owner.call(baseUrl, 'POST', '/api/owner/setup', { token: setupToken, ...OWNER });
  if (answer.status !== 201) throw new Error(`the owner set-up link was refused: ${answer.status} ${answer.text}`);
  return owner;
}

/** Today as the owner's summary counts days (UTC). */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * Creates OWNER's account in the browser from a set-up link, as a first run does, and waits for the owner app's
 * dashboard: the page is then signed in as the owner.
 */
export async function createOwnerAccount(page: Page, setupToken: string): Promise<void> {
  await page.goto(`/config/setup?token=${setupToken}`);
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password (at least 8 characters)').fill(OWNER.password);
  // A link made for OWNER's email is an invitation once the first run has printed its own link.
  await page.getByRole('button', { name: /^(Create account|Accept invitation)$/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

/**
 * An owner journey's start: a browser context of its own (15 s steps) at 1280 × 800 with the page's uncaught errors
 * collected, signed in as OWNER through the set-up link (createOwnerAccount), on the owner app's dashboard.
 */
export async function signedInOwnerPage(shop: Pick<Shop, 'browser' | 'url'>, setupToken: string): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
  const context = await newShopper(shop.browser, shop.url);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.setViewportSize({ width: 1280, height: 800 });
  await createOwnerAccount(page, setupToken);
  return { context, page, pageErrors };
}
