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
