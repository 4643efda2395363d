// databases: both — webhook deliveries claimed fairly across websites with FOR UPDATE SKIP LOCKED, as mail's outbox is
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Website } from '../db/schema';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { newId } from '../ids';
import { findDefaultWebsite, findWebsiteById, insertWebsite } from '../websites';
import { WebhookDeliveryJob } from './delivery-job';
import { outgoingPolicyOf } from './settings';
import { newWebhookSecret, sealWebhookSecret } from './signing';

/*
 * One website's backlog must not hold back another website's event by more than one claim. Site A has 10,000
 * deliveries queued (one INSERT … SELECT generate_series) before site B's one event; the job's first claim POSTs B's
 * to a receiver on loopback beside a share of A's.
 */

let database: TestDatabase;
let siteA: Website;
let receiver: http.Server;
const received: string[] = [];
const sealKey = Buffer.alloc(32, 7);
const receiverUrl = (path: string) => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}${path}`;

beforeAll(async () => {
  database = await openTestDatabase();
  siteA = (await findDefaultWebsite(database.db))!;
  receiver = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received.push(`${request.url} ${String(request.headers['webhook-id'])}`);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await database?.close();
});
afterEach(async () => {
  await database.db.deleteFrom('webhook_endpoints').execute();
  await database.db.deleteFrom('webhook_events').execute();
  await database.db.deleteFrom('webhook_website_turns').execute();
  received.length = 0;
});

async function newWebsite(title: string): Promise<Website> {
  const id = newId();
  await insertWebsite(database.db, {
    id, identifier: `hooks-${id.slice(0, 8).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`, siteTitle: title, currency: 'USD', locale: 'en-US', timeZone: 'UTC',
    captchaSiteKey: null, settings: {},
  });
  return (await findWebsiteById(database.db, id))!;
}

/** An endpoint of the website listening at `path` on the receiver. */
async function endpoint(website: Website, path: string, enabled = true): Promise<string> {
  const id = newId();
  const secret = newWebhookSecret();
  await database.db
    .insertInto('webhook_endpoints')
    .values({ id, website_id: website.id, url: receiverUrl(path), events: JSON.stringify(['order.created']), enabled, secret_sealed: sealWebhookSecret(sealKey, secret), secret_prefix: secret.slice(0, 10) })
    .execute();
  return id;
}

/** An hour ago, the same for every queue: deliveries of several endpoints queued by several statements interleave. */
const queuedFrom = new Date(Date.now() - 3_600_000);

/** `count` due deliveries to one endpoint, each of its own event (`{tag}-{n}`), oldest first, in two statements. */
async function queue(website: Website, endpointId: string, count: number, tag: string): Promise<void> {
  await sql`
    INSERT INTO webhook_events (id, website_id, type, body, created_at)
    SELECT ${tag} || '-' || n, ${website.id}, 'order.created', '{"type":"order.created"}', now() - interval '1 hour'
    FROM generate_series(1, ${count}::int) AS n`.execute(database.db);
  await sql`
    INSERT INTO webhook_deliveries (id, website_id, endpoint_id, event_id, next_attempt_at, created_at)
    SELECT 'delivery-' || ${tag} || '-' || n, ${website.id}, ${endpointId}, ${tag} || '-' || n, ${queuedFrom}::timestamptz + n * interval '1 millisecond', ${queuedFrom}::timestamptz
    FROM generate_series(1, ${count}::int) AS n`.execute(database.db);
}

const newJob = (batchSize = 10) => new WebhookDeliveryJob(database.db, { policy: outgoingPolicyOf({ allowPrivate: 'loopback' }), sealKey, intervalMs: 0, backoffBaseMs: 0, batchSize });

describe('fair claiming across websites', () => {
  it("site A's 10,000 queued deliveries do not hold back site B's event: it goes in the job's first claim", async () => {
    const siteB = await newWebsite('Site B');
    // A's backlog spread over four endpoints (three a round each at most), B's one event on one endpoint.
    const aEndpoints = [await endpoint(siteA, '/a1'), await endpoint(siteA, '/a2'), await endpoint(siteA, '/a3'), await endpoint(siteA, '/a4')];
    for (const [index, id] of aEndpoints.entries()) await queue(siteA, id, 2500, `a${index + 1}`);
    await queue(siteB, await endpoint(siteB, '/b'), 1, 'b');
    const job = newJob();
    // A share of the batch (10 / 2 websites) for each: B's one delivery and five of A's, at most three per endpoint.
    expect(await job.runOnce()).toEqual({ claimed: 6, delivered: 6 });
    expect(received).toContain('/b b-1');
    const fromA = received.filter((line) => !line.startsWith('/b '));
    expect(fromA).toHaveLength(5);
    const perEndpoint = new Map<string, number>();
    for (const line of fromA) perEndpoint.set(line.split(' ')[0]!, (perEndpoint.get(line.split(' ')[0]!) ?? 0) + 1);
    expect(Math.max(...perEndpoint.values())).toBeLessThanOrEqual(2);
    const delivery = await database.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).where('id', '=', 'delivery-b-1').executeTakeFirstOrThrow();
    expect(delivery).toEqual({ status: 'delivered', attempts: 1 });
    // B has nothing left: the next claim is all A's, a whole batch (three of each endpoint's first, then one more).
    expect(await job.runOnce()).toEqual({ claimed: 10, delivered: 10 });
    const pending = await database.db.selectFrom('webhook_deliveries').select(database.db.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
    expect(Number(pending.n)).toBe(10_000 - 15);
  });

  it('with room for one website a round, the website served longest ago (or never) goes first', async () => {
    const [siteB, siteC] = [await newWebsite('Site B'), await newWebsite('Site C')];
    await queue(siteA, await endpoint(siteA, '/a'), 20, 'a');
    await queue(siteB, await endpoint(siteB, '/b'), 20, 'b');
    const job = newJob(1);
    await job.runOnce();
    await job.runOnce();
    await queue(siteC, await endpoint(siteC, '/c'), 1, 'c');
    for (let round = 0; round < 4; round++) await job.runOnce();
    const order = received.map((line) => line.slice(1, 2).toUpperCase());
    expect(new Set(order.slice(0, 2))).toEqual(new Set(['A', 'B']));
    // C, never served, is next; then whoever waited longest.
    expect(order.slice(2)).toEqual(['C', order[0], order[1], order[0]]);
  });

  it("a website whose only due deliveries belong to a switched-off endpoint takes no share of the round", async () => {
    const siteB = await newWebsite('Site B');
    await queue(siteA, await endpoint(siteA, '/a'), 20, 'a');
    await queue(siteB, await endpoint(siteB, '/b', false), 20, 'b');
    // Batch 6: all of it is A's (three a round for its one endpoint), none wasted on B.
    expect(await newJob(6).runOnce()).toEqual({ claimed: 3, delivered: 3 });
    expect(received.every((line) => line.startsWith('/a '))).toBe(true);
    expect(await database.db.selectFrom('webhook_website_turns').select('website_id').execute()).toEqual([{ website_id: siteA.id }]);
  });

  it('two jobs claiming together deliver every delivery of every website exactly once', async () => {
    const [siteB, siteC] = [await newWebsite('Site B'), await newWebsite('Site C')];
    for (const [website, tag, count] of [[siteA, 'a', 60], [siteB, 'b', 40], [siteC, 'c', 10]] as const) {
      await queue(website, await endpoint(website, `/${tag}1`), count / 2, `${tag}1`);
      await queue(website, await endpoint(website, `/${tag}2`), count / 2, `${tag}2`);
    }
    const [one, two] = [newJob(), newJob()];
    for (let rounds = 0; rounds < 100; rounds++) {
      const [a, b] = await Promise.all([one.runOnce(), two.runOnce()]);
      if (a.claimed + b.claimed === 0) break;
    }
    expect(received).toHaveLength(110);
    expect(new Set(received).size).toBe(110);
    const statuses = await database.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).groupBy(['status', 'attempts']).select(database.db.fn.countAll<number>().as('n')).execute();
    expect(statuses.map((row) => ({ ...row, n: Number(row.n) }))).toEqual([{ status: 'delivered', attempts: 1, n: 110 }]);
    // Every website was served from the first rounds on, not after the others' backlogs.
    expect(new Set(received.slice(0, 12).map((line) => line.slice(1, 2)))).toEqual(new Set(['a', 'b', 'c']));
  });
});
