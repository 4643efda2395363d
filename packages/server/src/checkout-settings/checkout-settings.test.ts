// databases: one — the settings' answers; coupon races are proven by claim.test.ts on both
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_SETTINGS_MESSAGES as MESSAGES, FIELD_MESSAGES } from '@vitrine/contracts';
import { OWNER_MESSAGES } from '../authorize';
import { stableId } from '../ids';
import { findDefaultWebsite } from '../websites';
import { demoProductId, openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { checkoutRulesFor, DEMO_COUPON_CODE, findCouponsByCodes } from '.';

let server: TestServer;
let admin: TestVisitor;
beforeAll(async () => {
  server = await openTestServer();
  admin = await ownerVisitor(server, 'admin');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const website = async () => (await findDefaultWebsite(db()))!;

/** Every row of the checkout-settings tables: a refused call must leave them as they were. */
async function snapshot() {
  return {
    zones: await db().selectFrom('shipping_zones').selectAll().orderBy('id').execute(),
    rates: await db().selectFrom('shipping_rates').selectAll().orderBy('id').execute(),
    taxRules: await db().selectFrom('tax_rules').selectAll().orderBy('id').execute(),
    coupons: await db().selectFrom('coupons').selectAll().orderBy('id').execute(),
    redemptions: await db().selectFrom('coupon_redemptions').selectAll().orderBy('order_id').execute(),
  };
}

/** Sends each body, expects 400 with `errors[path] === message` for each, and nothing written. */
async function expectRefusals(send: (body: unknown) => Promise<{ statusCode: number; json(): any; body: string }>, cases: Array<[unknown, string, string]>) {
  const before = await snapshot();
  for (const [body, path, message] of cases) {
    const answer = await send(body);
    expect(answer.statusCode, `${JSON.stringify(body)} → ${answer.body}`).toBe(400);
    expect(answer.json().errors?.[path], `${JSON.stringify(body)} → ${answer.body}`).toBe(message);
    expect(typeof answer.json().message).toBe('string');
  }
  expect(await snapshot()).toEqual(before);
}

const zoneBody = {
  name: 'Nordics',
  locations: [{ country: 'SE', regions: null }, { country: 'NO', regions: null }],
  rates: [
    { name: 'Post', kind: 'flat', amountCents: 900 },
    { name: 'Parcel', kind: 'weight', weightTiers: [{ upToGrams: 1000, amountCents: 1200 }, { upToGrams: 5000, amountCents: 2500 }] },
    { name: 'Free over 80', kind: 'free-over', amountCents: 700, freeOverCents: 8000 },
  ],
};

describe('the demo seed', () => {
  it('ships to the US, Canada and Europe, with tax rules and WELCOME10', async () => {
    const zones = (await admin.get('/api/owner/shipping-zones')).json().zones;
    expect(zones.map((zone: { name: string }) => zone.name)).toEqual(['United States', 'Canada', 'Europe']);
    expect(zones[0].rates).toEqual([
      { id: expect.any(String), name: 'Standard', kind: 'free-over', amountCents: 600, freeOverCents: 10000, weightTiers: null },
      { id: expect.any(String), name: 'Express', kind: 'flat', amountCents: 1800, freeOverCents: null, weightTiers: null },
    ]);
    expect(zones[1].rates).toMatchObject([{ name: 'Standard', kind: 'flat', amountCents: 1400 }]);
    expect(zones[2].locations).toEqual(expect.arrayContaining([{ country: 'DE', regions: null }, { country: 'FR', regions: null }, { country: 'NL', regions: null }, { country: 'IE', regions: null }]));
    expect(zones[2].rates[0].kind).toBe('weight');

    const tax = (await admin.get('/api/owner/tax-rules')).json();
    expect(tax.pricesIncludeTax).toBe(false);
    expect(tax.taxRules.map((rule: any) => [rule.country, rule.region, rule.rateBasisPoints, rule.shippingTaxable])).toEqual([
      ['DE', null, 1900, true],
      ['FR', null, 2000, false],
      ['US', 'CA', 725, false],
      ['US', 'NY', 400, false],
    ]);

    const coupons = (await admin.get('/api/owner/coupons')).json().coupons;
    expect(coupons.find((coupon: any) => coupon.code === DEMO_COUPON_CODE)).toMatchObject({
      kind: 'percentage', percentBasisPoints: 1000, minSubtotalCents: 3000, scope: { kind: 'all' }, active: true, timesUsed: 0, usageLimit: null,
    });
  });

  it('answers the checkout in the engine\'s shapes', async () => {
    const rules = await checkoutRulesFor(db(), await website());
    expect(rules.pricesIncludeTax).toBe(false);
    expect(rules.zones[0]).toEqual({
      id: stableId('shipping-zone:demo:us'),
      name: 'United States',
      locations: [{ country: 'US', regions: null }],
      rates: [
        { id: stableId('shipping-rate:demo:us:standard'), name: 'Standard', kind: 'free-over', amountCents: 600, freeOverCents: 10000, weightTiers: null },
        { id: stableId('shipping-rate:demo:us:express'), name: 'Express', kind: 'flat', amountCents: 1800, freeOverCents: null, weightTiers: null },
      ],
    });
    expect(rules.zones[2].rates[0].weightTiers).toEqual([
      { upToGrams: 500, amountCents: 1200 },
      { upToGrams: 2000, amountCents: 2200 },
      { upToGrams: 10000, amountCents: 3900 },
    ]);
    expect(rules.taxRules).toContainEqual({ id: stableId('tax-rule:demo:us-ca'), name: 'California sales tax', country: 'US', region: 'CA', rateBasisPoints: 725, shippingTaxable: false });

    const found = await findCouponsByCodes(db(), await website(), ['  welcome10 ', 'WELCOME10', 'NOPE', '']);
    expect(found).toEqual([
      {
        id: stableId('coupon:demo:WELCOME10'), code: 'WELCOME10', kind: 'percentage', percentBasisPoints: 1000, amountCents: null, minSubtotalCents: 3000,
        startsAt: null, endsAt: null, usageLimit: null, perCustomerLimit: null, scope: { kind: 'all' }, active: true, combinesWithAutomaticDiscounts: false, timesUsed: 0,
      },
    ]);
  });

  it('reads pricesIncludeTax from the commerce preferences', async () => {
    const site = await website();
    const set = await admin.put(`/api/v1/commerce-preferences/${site.id}`, { pricesIncludeTax: true });
    expect(set.statusCode, set.body).toBe(200);
    expect((await admin.get('/api/owner/tax-rules')).json().pricesIncludeTax).toBe(true);
    expect((await checkoutRulesFor(db(), await website())).pricesIncludeTax).toBe(true);
    const bad = await admin.put(`/api/v1/commerce-preferences/${site.id}`, { pricesIncludeTax: 'yes' });
    expect(bad.statusCode).toBe(400);
    await admin.put(`/api/v1/commerce-preferences/${site.id}`, { pricesIncludeTax: null });
    expect((await admin.get('/api/owner/tax-rules')).json().pricesIncludeTax).toBe(false);
  });
});

describe('shipping zones', () => {
  it('creates, reads, saves whole (keeping rate ids sent) and deletes', async () => {
    const created = await admin.post('/api/owner/shipping-zones', zoneBody);
    expect(created.statusCode, created.body).toBe(201);
    const zone = created.json().zone;
    expect(zone).toMatchObject({ name: 'Nordics', locations: [{ country: 'SE', regions: null }, { country: 'NO', regions: null }], position: 3 });
    expect(zone.rates.map((rate: any) => [rate.name, rate.kind, rate.amountCents, rate.freeOverCents, rate.weightTiers])).toEqual([
      ['Post', 'flat', 900, null, null],
      ['Parcel', 'weight', 0, null, [{ upToGrams: 1000, amountCents: 1200 }, { upToGrams: 5000, amountCents: 2500 }]],
      ['Free over 80', 'free-over', 700, 8000, null],
    ]);
    expect((await admin.get(`/api/owner/shipping-zones/${zone.id}`)).json().zone).toEqual(zone);

    const saved = await admin.put(`/api/owner/shipping-zones/${zone.id}`, {
      name: 'Nordics and Finland',
      locations: [{ country: 'SE', regions: null }, { country: 'FI', regions: null }],
      rates: [{ id: zone.rates[0].id, name: 'Post', kind: 'flat', amountCents: 950 }, { name: 'Courier', kind: 'flat', amountCents: 3000 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json().zone;
    expect(after.name).toBe('Nordics and Finland');
    expect(after.rates).toHaveLength(2);
    expect(after.rates[0]).toMatchObject({ id: zone.rates[0].id, amountCents: 950 });
    expect(after.rates[1].id).not.toBe(zone.rates[1].id);
    expect(await db().selectFrom('shipping_rates').select('id').where('zone_id', '=', zone.id).execute()).toHaveLength(2);

    const deleted = await admin.delete(`/api/owner/shipping-zones/${zone.id}`);
    expect(deleted.json()).toEqual({ deleted: true, id: zone.id });
    expect((await admin.get(`/api/owner/shipping-zones/${zone.id}`)).statusCode).toBe(404);
    expect(await db().selectFrom('shipping_rates').select('id').where('zone_id', '=', zone.id).execute()).toHaveLength(0);
    expect((await admin.delete(`/api/owner/shipping-zones/${zone.id}`)).json()).toEqual({ message: MESSAGES.zoneNotFound });
  });

  it('turns a US territory into the US with that region, and merges places per country', async () => {
    const created = await admin.post('/api/owner/shipping-zones', {
      name: 'Islands',
      locations: [{ country: 'PR', regions: null }, { country: 'US', regions: ['HI', 'AK'] }, { country: 'VI' }],
      rates: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().zone.locations).toEqual([{ country: 'US', regions: ['AK', 'HI', 'PR', 'VI'] }]);
    await admin.delete(`/api/owner/shipping-zones/${created.json().zone.id}`);
  });

  it('refuses bad zones with a message at the path, writing nothing', async () => {
    const rates = zoneBody.rates;
    const locations = zoneBody.locations;
    await expectRefusals((body) => admin.post('/api/owner/shipping-zones', body), [
      [{ ...zoneBody, name: '  ' }, 'name', MESSAGES.name],
      [{ ...zoneBody, name: 'x'.repeat(101) }, 'name', MESSAGES.name],
      [{ ...zoneBody, locations: [] }, 'locations', MESSAGES.locations],
      [{ ...zoneBody, locations: 'US' }, 'locations', MESSAGES.locations],
      [{ ...zoneBody, locations: [{ country: 'us', regions: null }] }, 'locations.0.country', MESSAGES.country],
      [{ ...zoneBody, locations: [{ country: 'ZZ', regions: null }] }, 'locations.0.country', MESSAGES.unknownCountry],
      [{ ...zoneBody, locations: [{ country: 'US', regions: ['XX'] }] }, 'locations.0.regions.0', MESSAGES.unknownRegion],
      [{ ...zoneBody, locations: [{ country: 'DE', regions: ['by-x'] }] }, 'locations.0.regions.0', MESSAGES.region],
      [{ ...zoneBody, locations: [{ country: 'US', regions: [] }] }, 'locations.0.regions', MESSAGES.regions],
      [{ ...zoneBody, locations: [{ country: 'US', regions: null, zip: '1' }] }, 'locations.0.zip', FIELD_MESSAGES.unknownField],
      [{ ...zoneBody, rates: [{ name: 'A', kind: 'boat', amountCents: 1 }] }, 'rates.0.kind', MESSAGES.rateKind],
      [{ ...zoneBody, rates: [{ name: 'A', kind: 'flat', amountCents: -1 }] }, 'rates.0.amountCents', MESSAGES.cents],
      [{ ...zoneBody, rates: [{ name: 'A', kind: 'flat', amountCents: 1.5 }] }, 'rates.0.amountCents', MESSAGES.cents],
      [{ ...zoneBody, rates: [{ name: '', kind: 'flat', amountCents: 1 }] }, 'rates.0.name', MESSAGES.name],
      [{ ...zoneBody, rates: [{ name: 'A', kind: 'free-over', amountCents: 1 }] }, 'rates.0.freeOverCents', MESSAGES.freeOverCents],
      [{ ...zoneBody, rates: [{ name: 'A', kind: 'flat', amountCents: 1, freeOverCents: 5 }] }, 'rates.0.freeOverCents', MESSAGES.freeOverOnly],
      [{ ...zoneBody, rates: [{ name: 'A', kind: 'weight' }] }, 'rates.0.weightTiers', MESSAGES.weightTiers],
      [{ ...zoneBody, rates: [{ name: 'A', kind: 'weight', weightTiers: [{ upToGrams: 500, amountCents: 1 }, { upToGrams: 500, amountCents: 2 }] }] }, 'rates.0.weightTiers.1.upToGrams', MESSAGES.tiersAscending],
      [{ ...zoneBody, rates: [{ name: 'A', kind: 'weight', weightTiers: [{ upToGrams: 900, amountCents: 1 }, { upToGrams: 300, amountCents: 2 }] }] }, 'rates.0.weightTiers.1.upToGrams', MESSAGES.tiersAscending],
      [{ ...zoneBody, rates: [{ name: 'A', kind: 'weight', weightTiers: [{ upToGrams: 0, amountCents: 1 }] }] }, 'rates.0.weightTiers.0.upToGrams', MESSAGES.upToGrams],
      [{ ...zoneBody, rates: [{ name: 'A', kind: 'flat', amountCents: 1, weightTiers: [{ upToGrams: 5, amountCents: 1 }] }] }, 'rates.0.weightTiers', MESSAGES.weightTiersOnly],
      [{ ...zoneBody, rates: [{ id: 'made-up', name: 'A', kind: 'flat', amountCents: 1 }] }, 'rates.0.id', MESSAGES.rateId],
      [{ ...zoneBody, rates: Array.from({ length: 21 }, () => rates[0]) }, 'rates', MESSAGES.rates],
      [{ name: 'No places', rates }, 'locations', MESSAGES.locations],
      [{ ...zoneBody, locations, extra: 1 }, 'extra', FIELD_MESSAGES.unknownField],
    ]);
    const zoneId = stableId('shipping-zone:demo:canada');
    await expectRefusals((body) => admin.put(`/api/owner/shipping-zones/${zoneId}`, body), [
      [{ ...zoneBody, rates: [{ id: stableId('shipping-rate:demo:us:express'), name: 'A', kind: 'flat', amountCents: 1 }] }, 'rates.0.id', MESSAGES.rateId],
      [{ ...zoneBody, locations: [{ country: 'XX', regions: null }] }, 'locations.0.country', MESSAGES.unknownCountry],
    ]);
    expect((await admin.put('/api/owner/shipping-zones/nope', zoneBody)).statusCode).toBe(404);
  });
});

describe('tax rules', () => {
  it('creates, saves whole and deletes; a territory is the US with that region', async () => {
    const created = await admin.post('/api/owner/tax-rules', { name: 'Texas', country: 'US', region: 'TX', rateBasisPoints: 625 });
    expect(created.statusCode, created.body).toBe(201);
    const rule = created.json().taxRule;
    expect(rule).toMatchObject({ name: 'Texas', country: 'US', region: 'TX', rateBasisPoints: 625, shippingTaxable: false });

    const saved = await admin.put(`/api/owner/tax-rules/${rule.id}`, { name: 'Puerto Rico IVU', country: 'PR', region: null, rateBasisPoints: 1150, shippingTaxable: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().taxRule).toMatchObject({ id: rule.id, name: 'Puerto Rico IVU', country: 'US', region: 'PR', rateBasisPoints: 1150, shippingTaxable: true });
    expect((await admin.get('/api/owner/tax-rules')).json().taxRules).toContainEqual(saved.json().taxRule);

    expect((await admin.delete(`/api/owner/tax-rules/${rule.id}`)).json()).toEqual({ deleted: true, id: rule.id });
    expect((await admin.delete(`/api/owner/tax-rules/${rule.id}`)).statusCode).toBe(404);
    expect((await admin.put(`/api/owner/tax-rules/${rule.id}`, { name: 'x', country: 'US', rateBasisPoints: 1 })).json()).toEqual({ message: MESSAGES.ruleNotFound });
  });

  it('refuses bad rules, writing nothing', async () => {
    const good = { name: 'Rule', country: 'DE', rateBasisPoints: 700 };
    await expectRefusals((body) => admin.post('/api/owner/tax-rules', body), [
      [{ ...good, country: 'de' }, 'country', MESSAGES.country],
      [{ ...good, country: 'DEU' }, 'country', MESSAGES.country],
      [{ ...good, country: 'QQ' }, 'country', MESSAGES.unknownCountry],
      [{ ...good, country: 'US', region: 'ZZ' }, 'region', MESSAGES.unknownRegion],
      [{ ...good, region: 'by' }, 'region', MESSAGES.region],
      [{ ...good, rateBasisPoints: 10001 }, 'rateBasisPoints', MESSAGES.rateBasisPoints],
      [{ ...good, rateBasisPoints: -1 }, 'rateBasisPoints', MESSAGES.rateBasisPoints],
      [{ ...good, rateBasisPoints: 7.5 }, 'rateBasisPoints', MESSAGES.rateBasisPoints],
      [{ ...good, rateBasisPoints: '700' }, 'rateBasisPoints', MESSAGES.rateBasisPoints],
      [{ ...good, shippingTaxable: 'yes' }, 'shippingTaxable', MESSAGES.shippingTaxable],
      [{ ...good, name: '' }, 'name', MESSAGES.name],
    ]);
    // NUL anywhere in a body is refused at the edge (http/unstorable-text.ts), before the rules.
    expect((await admin.post('/api/owner/tax-rules', { ...good, name: 'a\u0000b' })).statusCode).toBe(400);
    expect((await admin.post('/api/owner/shipping-zones', { ...zoneBody, rates: [{ name: 'a\u0000b', kind: 'flat' }] })).statusCode).toBe(400);
  });
});

describe('coupons', () => {
  const good = { code: 'Spring-25', kind: 'percentage', percentBasisPoints: 2500 };

  it('creates, reads, saves whole (timesUsed kept) and deletes', async () => {
    const created = await admin.post('/api/owner/coupons', {
      ...good,
      minSubtotalCents: 5000,
      startsAt: '2026-03-01',
      endsAt: '2026-06-01T00:00:00+02:00',
      usageLimit: 100,
      perCustomerLimit: 1,
      scope: { kind: 'products', productIds: [demoProductId('canvas-tote'), demoProductId('canvas-tote')] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const coupon = created.json().coupon;
    expect(coupon).toMatchObject({
      code: 'Spring-25', kind: 'percentage', percentBasisPoints: 2500, amountCents: null, minSubtotalCents: 5000,
      startsAt: '2026-03-01T00:00:00.000Z', endsAt: '2026-05-31T22:00:00.000Z', usageLimit: 100, perCustomerLimit: 1,
      scope: { kind: 'products', productIds: [demoProductId('canvas-tote')] }, active: true, timesUsed: 0,
    });
    expect((await admin.get(`/api/owner/coupons/${coupon.id}`)).json().coupon).toEqual(coupon);

    await db().updateTable('coupons').set({ times_used: 3 }).where('id', '=', coupon.id).execute();
    const saved = await admin.put(`/api/owner/coupons/${coupon.id}`, { code: 'SPRING-25', kind: 'fixed', amountCents: 500, active: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().coupon).toMatchObject({
      id: coupon.id, code: 'SPRING-25', kind: 'fixed', percentBasisPoints: null, amountCents: 500, minSubtotalCents: null,
      startsAt: null, endsAt: null, usageLimit: null, scope: { kind: 'all' }, active: false, timesUsed: 3,
    });
    expect((await admin.get('/api/owner/coupons')).json().coupons[0]).toEqual(saved.json().coupon);

    expect((await admin.delete(`/api/owner/coupons/${coupon.id}`)).json()).toEqual({ deleted: true, id: coupon.id });
    expect((await admin.get(`/api/owner/coupons/${coupon.id}`)).json()).toEqual({ message: MESSAGES.couponNotFound });
  });

  it('keeps codes unique per store, compared case-insensitively (409)', async () => {
    const before = await snapshot();
    for (const code of ['WELCOME10', 'welcome10', 'Welcome10']) {
      const answer = await admin.post('/api/owner/coupons', { ...good, code });
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ message: 'A coupon with this code already exists.', errors: { code: 'A coupon with this code already exists.' } });
    }
    expect(await snapshot()).toEqual(before);

    const other = (await admin.post('/api/owner/coupons', { ...good, code: 'OTHER' })).json().coupon;
    const clash = await admin.put(`/api/owner/coupons/${other.id}`, { ...good, code: 'welcome10' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(MESSAGES.codeTaken);
    expect((await admin.get(`/api/owner/coupons/${other.id}`)).json().coupon.code).toBe('OTHER');
    await admin.delete(`/api/owner/coupons/${other.id}`);
  });

  it('refuses bad coupons with their messages, writing nothing', async () => {
    await expectRefusals((body) => admin.post('/api/owner/coupons', body), [
      [{ ...good, code: '' }, 'code', MESSAGES.code],
      [{ ...good, code: 'x'.repeat(51) }, 'code', MESSAGES.code],
      [{ ...good, code: 'TEN OFF' }, 'code', MESSAGES.code],
      [{ ...good, code: 'DIX€' }, 'code', MESSAGES.code],
      [{ ...good, kind: 'bogo' }, 'kind', MESSAGES.couponKind],
      [{ ...good, percentBasisPoints: 0 }, 'percentBasisPoints', MESSAGES.percentBasisPoints],
      [{ ...good, percentBasisPoints: 10001 }, 'percentBasisPoints', MESSAGES.percentBasisPoints],
      [{ code: 'P', kind: 'percentage' }, 'percentBasisPoints', MESSAGES.percentBasisPoints],
      [{ code: 'F', kind: 'fixed' }, 'amountCents', MESSAGES.amountCents],
      [{ code: 'F', kind: 'fixed', amountCents: 0 }, 'amountCents', MESSAGES.amountCents],
      [{ code: 'F', kind: 'fixed', amountCents: 500, percentBasisPoints: 100 }, 'percentBasisPoints', MESSAGES.percentageOnly],
      [{ ...good, amountCents: 500 }, 'amountCents', MESSAGES.fixedOnly],
      [{ ...good, minSubtotalCents: -1 }, 'minSubtotalCents', MESSAGES.minSubtotalCents],
      [{ ...good, startsAt: 'tomorrow' }, 'startsAt', MESSAGES.date],
      [{ ...good, startsAt: '2026-02-30' }, 'startsAt', MESSAGES.date],
      [{ ...good, endsAt: '2026-01-01T10:00' }, 'endsAt', MESSAGES.date],
      [{ ...good, startsAt: '2026-05-01', endsAt: '2026-04-01' }, 'endsAt', MESSAGES.endsAfterStarts],
      [{ ...good, startsAt: '2026-05-01', endsAt: '2026-05-01' }, 'endsAt', MESSAGES.endsAfterStarts],
      [{ ...good, usageLimit: 0 }, 'usageLimit', MESSAGES.usageLimit],
      [{ ...good, perCustomerLimit: 0 }, 'perCustomerLimit', MESSAGES.perCustomerLimit],
      [{ ...good, scope: { kind: 'everything' } }, 'scope', MESSAGES.scope],
      [{ ...good, scope: [] }, 'scope', MESSAGES.scope],
      [{ ...good, scope: { kind: 'products', productIds: [] } }, 'scope.productIds', MESSAGES.scopeIds],
      [{ ...good, scope: { kind: 'products', productIds: [demoProductId('canvas-tote'), 'no-such-product'] } }, 'scope.productIds.1', MESSAGES.unknownProduct],
      [{ ...good, scope: { kind: 'collections', collectionIds: ['no-such-collection'] } }, 'scope.collectionIds.0', MESSAGES.unknownCollection],
      [{ ...good, scope: { kind: 'collections', collectionIds: [demoProductId('canvas-tote')] } }, 'scope.collectionIds.0', MESSAGES.unknownCollection],
      [{ ...good, active: 'yes' }, 'active', MESSAGES.active],
      [{ ...good, timesUsed: 0 }, 'timesUsed', FIELD_MESSAGES.unknownField],
    ]);
    const existing = await db().selectFrom('collections').select('id').executeTakeFirstOrThrow();
    const scoped = await admin.post('/api/owner/coupons', { ...good, code: 'COLL', scope: { kind: 'collections', collectionIds: [existing.id] } });
    expect(scoped.statusCode, scoped.body).toBe(201);
    await admin.delete(`/api/owner/coupons/${scoped.json().coupon.id}`);
  });
});

describe('who may call', () => {
  const calls: Array<[string, string, unknown?]> = [
    ['GET', '/api/owner/shipping-zones'],
    ['POST', '/api/owner/shipping-zones', zoneBody],
    ['GET', `/api/owner/shipping-zones/${stableId('shipping-zone:demo:us')}`],
    ['PUT', `/api/owner/shipping-zones/${stableId('shipping-zone:demo:us')}`, zoneBody],
    ['DELETE', `/api/owner/shipping-zones/${stableId('shipping-zone:demo:us')}`],
    ['GET', '/api/owner/tax-rules'],
    ['POST', '/api/owner/tax-rules', { name: 'x', country: 'US', rateBasisPoints: 1 }],
    ['PUT', `/api/owner/tax-rules/${stableId('tax-rule:demo:de')}`, { name: 'x', country: 'US', rateBasisPoints: 1 }],
    ['DELETE', `/api/owner/tax-rules/${stableId('tax-rule:demo:de')}`],
    ['GET', '/api/owner/coupons'],
    ['POST', '/api/owner/coupons', { code: 'X', kind: 'free-shipping' }],
    ['GET', `/api/owner/coupons/${stableId('coupon:demo:WELCOME10')}`],
    ['PUT', `/api/owner/coupons/${stableId('coupon:demo:WELCOME10')}`, { code: 'X', kind: 'free-shipping' }],
    ['DELETE', `/api/owner/coupons/${stableId('coupon:demo:WELCOME10')}`],
  ];

  it('refuses a visitor who is not signed in (401) and a viewer\'s changes (403), a viewer may read', async () => {
    const before = await snapshot();
    const stranger = new TestVisitor(server.app);
    await stranger.visit('/');
    const viewer = await ownerVisitor(server, 'viewer');
    for (const [method, url, payload] of calls) {
      const signedOut = await stranger.request({ method: method as 'GET', url, payload: payload as object });
      expect(signedOut.statusCode, `${method} ${url}`).toBe(401);
      expect(signedOut.json().message).toBe(OWNER_MESSAGES.notSignedIn);
      const asViewer = await viewer.request({ method: method as 'GET', url, payload: payload as object });
      if (method === 'GET') expect(asViewer.statusCode, `${method} ${url}`).toBe(200);
      else {
        expect(asViewer.statusCode, `${method} ${url}`).toBe(403);
        expect(asViewer.json().message).toBe(OWNER_MESSAGES.notAllowed);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets a store manager change them', async () => {
    const manager = await ownerVisitor(server, 'storeManager');
    const created = await manager.post('/api/owner/coupons', { code: 'MANAGER', kind: 'free-shipping' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().coupon).toMatchObject({ kind: 'free-shipping', percentBasisPoints: null, amountCents: null });
    expect((await manager.delete(`/api/owner/coupons/${created.json().coupon.id}`)).statusCode).toBe(200);
  });
});
