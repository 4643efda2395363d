// databases: one — the HTTP edge under forged and hostile input, not the SQL
import { afterAll, describe, it } from 'vitest';
import { timeLimit } from './config';
import { openFuzzTarget, routeTableHalf } from './fuzz-target';

/*
 * Every route the app registers (read from Fastify's onRoute hook, so a new route is fuzzed without
 * editing this file) gets hostile requests from a fixed seed. Promised for each one:
 *  - never a 5xx;
 *  - a non-2xx answer to /api/… is JSON with a string `message` (a page may answer its HTML not-found page);
 *  - a refused request writes nothing (the domain tables are the same before and after);
 *  - after an accepted write, the visitor's cart, the cart page and the order page still render.
 * The route table is fuzzed in two halves (every other route here, the rest in fuzz-routes.test.ts), and
 * the poisoned strings and raw request lines are fuzz-routes-poisoned.test.ts: three files of similar length opening
 * the same target (fuzz-target.ts), each its own, so the suite runs on both cores. Each route's requests come from
 * its own seed (routeSeed), whichever file sends them.
 */

const target = await openFuzzTarget('fuzz-routes-other-half');
afterAll(() => target.close());

describe('every route, fuzzed from the route table', () => {
  for (const route of routeTableHalf(target.routes, 1)) {
    it(`${route.method} ${route.url}`, () => target.fuzzRoute(route), timeLimit(30_000, 3_600_000));
  }
});
