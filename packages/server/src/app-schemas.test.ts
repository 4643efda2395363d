// databases: one — compiling route schemas is Fastify's and Ajv's business; the database only lets the app build.
import { afterAll, expect, it } from 'vitest';
import { buildApp } from './app';
import { openTestDatabase, type TestDatabase } from './db/testing';

// Every other test file builds its app with lazy schema compilation (testing.ts, as `npm start` does), so a route
// schema that Ajv or fast-json-stringify cannot compile would fail only on that route's first request. This file
// builds the app eagerly, Fastify's default: every route's validators and response serializers compile before
// ready() resolves, and one that cannot compile rejects it.
let database: TestDatabase | undefined;
afterAll(async () => database?.close());

it("compiles every route's validators and response serializers when built eagerly", async () => {
  database = await openTestDatabase();
  const app = await buildApp({ db: database.db, databaseKind: database.kind });
  await expect(app.ready()).resolves.toBeDefined();
  expect(app.printRoutes({ commonPrefix: false }).match(/api\//g)?.length).toBeGreaterThan(50);
  await app.close();
});
