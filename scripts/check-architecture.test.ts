import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, 'check-architecture.mjs');
let tree: string | undefined;

/** A tiny workspace: package name → { dependencies, files }. */
function workspace(packages: Record<string, { dependencies?: Record<string, string>; files: Record<string, string> }>): string {
  tree = mkdtempSync(path.join(os.tmpdir(), 'architecture-'));
  for (const [name, { dependencies = {}, files }] of Object.entries(packages)) {
    const dir = path.join(tree, 'packages', name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `@vitrine/${name}`, exports: { '.': './src/index.ts' }, dependencies }));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
  }
  mkdirSync(path.join(tree, 'packages', 'server', 'src'), { recursive: true });
  return tree;
}

function check(root: string) {
  const result = spawnSync(process.execPath, [script], { env: { ...process.env, ARCHITECTURE_ROOT: root }, encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

afterEach(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
  tree = undefined;
});

describe('scripts/check-architecture.mjs', () => {
  it('passes a tree that keeps its boundaries, and the repository itself', () => {
    const root = workspace({
      format: { files: { 'src/index.ts': 'export const a = 1;\n' } },
      commerce: { dependencies: { '@vitrine/format': '*' }, files: { 'src/index.ts': "import { a } from '@vitrine/format';\nexport const b = a;\n" } },
    });
    expect(check(root)).toMatchObject({ status: 0 });
    expect(check(path.resolve(import.meta.dirname, '..')).status).toBe(0);
  });

  it('fails on an import from a package below into one above', () => {
    const root = workspace({
      format: { dependencies: { '@vitrine/commerce': '*' }, files: { 'src/index.ts': "import { b } from '@vitrine/commerce';\nexport const a = b;\n" } },
      commerce: { files: { 'src/index.ts': 'export const b = 1;\n' } },
    });
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.output).toContain('imports go down the floors only');
  });

  it('fails on an import cycle between files', () => {
    const root = workspace({
      format: { files: { 'src/index.ts': "export * from './a';\n", 'src/a.ts': "import { y } from './b';\nexport const x = y;\n", 'src/b.ts': "import { x } from './a';\nexport const y = x;\n" } },
    });
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/import cycle: src\/(a|b)\.ts → src\/(a|b)\.ts → src\/(a|b)\.ts/);
  });

  it("fails on a server domain importing another's internals, on a service importing Fastify, and on an unused dependency", () => {
    const root = workspace({
      server: {
        dependencies: { fastify: '*', 'left-pad': '*' },
        files: {
          'src/index.ts': "export * from './orders';\n",
          'src/cart/index.ts': "export * from './store';\n",
          'src/cart/store.ts': 'export const store = 1;\n',
          'src/orders/index.ts': "export * from './service';\n",
          'src/orders/service.ts': "import type { FastifyRequest } from 'fastify';\nimport { store } from '../cart/store';\nexport const s = store;\nexport type R = FastifyRequest;\n",
        },
      },
    });
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.output).toContain('reaches into cart/store.ts: import the cart domain through cart/index.ts');
    expect(result.output).toContain('only route files and the HTTP edge see Fastify');
    expect(result.output).toContain('declares left-pad but never imports it');
  });

  it("fails on a cycle in the server's domain graph, naming each step's import, type-only imports and folders without a front included", () => {
    const server = (requestContext: string) =>
      workspace({
        server: {
          files: {
            // The composition root imports everyone: outside the graph.
            'src/app.ts': "import { registerRequestContext } from './http/request-context';\nimport { findSession } from './site-users';\nexport const app = registerRequestContext({ findSession });\n",
            'src/http/cookies.ts': "export const SESSION_COOKIE = 'session';\n",
            'src/http/request-context.ts': requestContext,
            'src/site-users/index.ts': "export * from './sessions';\nexport * from './routes';\n",
            'src/site-users/sessions.ts': "export interface Session { id: string }\nexport const findSession = (): Session => ({ id: '1' });\n",
            'src/site-users/routes.ts': "import { SESSION_COOKIE } from '../http/cookies';\nexport const sessionCookie = SESSION_COOKIE;\n",
          },
        },
      });
    // http/ (no index.ts) reaches site-users for a type, while site-users' routes use http/.
    const cyclic = check(server("import type { Session } from '../site-users';\nexport const registerRequestContext = (lookup: { findSession(): Session }) => lookup;\n"));
    expect(cyclic.status).toBe(1);
    expect(cyclic.output).toContain(
      'the domain graph has a cycle: http → site-users → http (http/request-context.ts → site-users/index.ts; site-users/routes.ts → http/cookies.ts)',
    );
    rmSync(tree!, { recursive: true, force: true });
    // The same tree with the port declared where it is used, and app.ts passing the implementation in.
    const ported = check(server('export interface SessionLookup { findSession(): { id: string } }\nexport const registerRequestContext = (lookup: SessionLookup) => lookup;\n'));
    expect(ported).toMatchObject({ status: 0 });
  });

  it('fails on a file that imports the composition root, and on Fastify in test support outside a test file', () => {
    const root = workspace({
      server: {
        dependencies: { fastify: '*' },
        files: {
          'src/context.ts': "import type { Mail } from './mail';\nexport interface ServerContext { mail: Mail }\n",
          'src/mail/index.ts': "export interface Mail { from: string }\nexport * from './routes';\n",
          'src/mail/routes.ts': "import type { ServerContext } from '../context';\nexport const from = (context: ServerContext) => context.mail.from;\n",
          'src/reliability/request-generator.ts': "import type { RouteOptions } from 'fastify';\nexport type Route = RouteOptions;\n",
          'src/reliability/fuzz.test.ts': "import Fastify from 'fastify';\nexport const app = Fastify();\n",
        },
      },
    });
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.output).toContain('packages/server/src/mail/routes.ts: imports context.ts, the composition root: declare the parts this file takes where it uses them');
    expect(result.output).toContain('packages/server/src/reliability/request-generator.ts: imports fastify: only route files and the HTTP edge see Fastify');
    expect(result.output).not.toContain('fuzz.test.ts');
  });

  it('fails on a wildcard export', () => {
    const root = workspace({ format: { files: { 'src/index.ts': 'export const a = 1;\n' } } });
    writeFileSync(path.join(root, 'packages', 'format', 'package.json'), JSON.stringify({ name: '@vitrine/format', exports: { '.': './src/index.ts', './*': './src/*.ts' } }));
    expect(check(root).output).toContain("exports './*' makes every file public");
  });

  it('fails on a server test file that opens a database without saying on which, or why', () => {
    const root = workspace({ format: { files: { 'src/index.ts': 'export const a = 1;\n' } } });
    const tests = path.join(root, 'packages', 'server', 'src', 'cart');
    mkdirSync(tests, { recursive: true });
    const opens = "import { openTestServer } from '../testing';\nconst server = await openTestServer();\n";
    writeFileSync(path.join(tests, 'silent.test.ts'), opens);
    writeFileSync(path.join(tests, 'no-reason.test.ts'), `// databases: one — \n${opens}`);
    writeFileSync(path.join(tests, 'both.test.ts'), `// databases: both — racing adds lock the cart row\n${opens}`);
    writeFileSync(path.join(tests, 'pure.test.ts'), "import { expect } from 'vitest';\nexpect(1).toBe(1);\n");
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.output).toContain('packages/server/src/cart/silent.test.ts: opens a database but does not say where it runs');
    expect(result.output).toContain("packages/server/src/cart/no-reason.test.ts: says 'databases: one' without a reason after the dash");
    expect(result.output).not.toContain('both.test.ts');
    expect(result.output).not.toContain('pure.test.ts');
  });
});
