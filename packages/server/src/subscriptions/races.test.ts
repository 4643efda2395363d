// databases: both — renewal jobs racing over due subscriptions, and a cancel during a charge
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewalOrderRecorder, TestModePaymentProvider, type RenewalRequest } from '../orders';
import type { Website } from '../db/schema';
import { openTestServer, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';
import { manageLinksFor } from './manage-links';
import { cancelSubscriptionByLink } from './cancel';
import { SubscriptionRenewalJob } from './renewals';
import { subscribeThroughApi } from './testing';
import { visitorActor } from '../actor';

let server: TestServer;
let website: Website;
beforeAll(async () => {
  server = await openTestServer();
  website = (await findDefaultWebsite(server.database.db))!;
});
afterAll(async () => {
  await server?.close();
});

class CountingProvider extends TestModePaymentProvider {
  readonly renewals: RenewalRequest[] = [];
  /** While set, a renewal charge waits for it: the renewal is held mid-charge, under the row's lock. */
  gate: Promise<void> | undefined;
  charging: (() => void) | undefined;
  override async chargeRenewal(request: RenewalRequest) {
    this.renewals.push(request);
    this.charging?.();
    if (this.gate) await this.gate;
    return super.chargeRenewal(request);
  }
}

const db = () => server.database.db;
const dueNow = (ids: string[]) => db().updateTable('subscriptions').set({ next_renewal_at: sql<Date>`now() - interval '1 minute'` }).where('id', 'in', ids).execute();
const parkOthers = (ids: string[]) =>
  db().updateTable('subscriptions').set({ next_renewal_at: sql<Date>`now() + interval '3650 days'` }).where('id', 'not in', ids).where('next_renewal_at', 'is not', null).execute();

describe('renewals racing', () => {
  it('two jobs draining many due subscriptions charge each exactly once', async () => {
    const subscribed = [];
    for (let index = 0; index < 6; index++) subscribed.push(await subscribeThroughApi(server, `race-${index}-${process.pid}@example.com`));
    const ids = subscribed.map((entry) => entry.subscriptionId);
    await parkOthers(ids);
    await dueNow(ids);
    const payments = new CountingProvider();
    const jobs = [0, 1].map(() => new SubscriptionRenewalJob(db(), renewalOrderRecorder(payments), { batchSize: 2 }));
    const drain = async (job: SubscriptionRenewalJob) => {
      let renewed = 0;
      for (let round = await job.runOnce(); round.claimed > 0; round = await job.runOnce()) renewed += round.claimed;
      return renewed;
    };
    const counts = await Promise.all(jobs.map(drain));
    expect(counts[0] + counts[1]).toBe(6);
    expect(payments.renewals.map((request) => request.subscriptionId).sort()).toEqual([...ids].sort());
    const renewals = await db().selectFrom('subscription_renewals').select(['subscription_id', 'status']).where('subscription_id', 'in', ids).execute();
    expect(renewals).toHaveLength(6);
    expect(renewals.every((row) => row.status === 'paid')).toBe(true);
    const rows = await db().selectFrom('subscriptions').select(['cycles_billed', 'claim_token']).where('id', 'in', ids).execute();
    expect(rows.every((row) => row.cycles_billed === 2 && row.claim_token === null)).toBe(true);
  });

  it('a cancel arriving while a renewal is charging waits for it, then cancels: charged once, no renewal after', async () => {
    const { subscriptionId } = await subscribeThroughApi(server, `race-cancel-${process.pid}@example.com`);
    await parkOthers([subscriptionId]);
    await dueNow([subscriptionId]);
    const payments = new CountingProvider();
    let release!: () => void;
    payments.gate = new Promise((resolve) => (release = resolve));
    const charging = new Promise<void>((resolve) => (payments.charging = resolve));
    const job = new SubscriptionRenewalJob(db(), renewalOrderRecorder(payments));
    const round = job.runOnce();
    await charging;
    const token = (await manageLinksFor(db())).issue(website.id, subscriptionId);
    let cancelledAt = 0;
    const cancel = cancelSubscriptionByLink(db(), website, visitorActor(), { token }).then((answer) => {
      cancelledAt = Date.now();
      return answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(cancelledAt).toBe(0);
    const releasedAt = Date.now();
    release();
    expect(await round).toEqual({ claimed: 1, outcomes: { [subscriptionId]: 'renewed' } });
    const answer = await cancel;
    expect(cancelledAt).toBeGreaterThanOrEqual(releasedAt);
    expect(answer).toMatchObject({ changed: true, subscription: { status: 'cancelled', cyclesBilled: 2, nextRenewalAt: null } });
    expect(payments.renewals).toHaveLength(1);
    await dueNow([subscriptionId]);
    expect(await job.runOnce()).toEqual({ claimed: 0, outcomes: {} });
    expect(payments.renewals).toHaveLength(1);
  });
});
