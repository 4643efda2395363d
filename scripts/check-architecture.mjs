// The boundaries of the code, checked (run by `npm test`, and alone with `npm run check:architecture`):
//  1. packages import only packages on a lower floor (format, theme → commerce, forms → contracts, template →
//     storefront, owner-client → server, owner-app), and only through what each package's package.json `exports`
//     names; a browser bundle imports @vitrine/contracts for its types only (TypeBox stays out of pages);
//  2. no import cycle between files of a package; and the server's domain graph has no cycle: its nodes are the
//     top-level folders of packages/server/src (domains and shared folders alike: http/, db/, pages/, shared/)
//     and its shared top-level files (actor.ts, failures.ts), its edges every import — type-only ones too — from
//     a file that is not a test; a cycle is printed with the import behind each step. The composition root
//     (app.ts, context.ts, testing.ts, …: COMPOSITION_ROOT) stands outside the graph, and nothing in it imports
//     the composition root: a file declares the parts it takes (a port) where it uses them;
//  3. a server domain (a folder with an index.ts front) is imported by other domains only through that
//     front, and only route files, the HTTP edge (http/) and app.ts/testing.ts import Fastify — test support
//     such as src/reliability/ included, only *.test.ts files exempt;
//  4. every dependency a package declares is imported somewhere in it (or listed below with its reason);
//  5. every server test file that opens a database says whether it runs on both databases or on one, and why
//     (scripts/test-report/database-files.mjs).
// It prints each violation with its file and exits 1 when there is any.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databasePragmaProblems } from './test-report/database-files.mjs';

const root = process.env.ARCHITECTURE_ROOT ? path.resolve(process.env.ARCHITECTURE_ROOT) : path.resolve(fileURLToPath(import.meta.url), '../..');
const packagesDir = path.join(root, 'packages');

/** Higher floors may import lower ones, never the reverse or sideways. */
/** A domain's route file: routes.ts, or a second one named for whom it serves (owner-routes.ts). */
const ROUTE_FILE = /(^|\/)([a-z]+-)?routes\.ts$/;

const FLOORS = { format: 0, 'browser-helpers': 0, theme: 0, commerce: 1, forms: 1, blocks: 1, design: 1, experiments: 1, tracking: 1, contracts: 2, template: 2, storefront: 3, 'owner-client': 3, server: 4, 'owner-app': 4 };

/** Packages that are browser bundles and the packages they may import for types only (outside tests). */
const TYPE_ONLY_IMPORTS = { 'owner-app': ['@vitrine/contracts'] };
/** Entries of those packages written without TypeBox, which a browser bundle may import values from (the owner app's build checks no TypeBox reaches it). */
const VALUE_ENTRIES = new Set(['@vitrine/contracts/mail-template-model']);

/** Declared dependencies used without an import in the package's source, and why. */
const USED_WITHOUT_IMPORT = {
  server: { '@fontsource/*': 'font files the site-styles fonts route serves from node_modules (an allow-list built from FONT_CATALOG); nothing imports them' },
};
/** Dev dependencies are tools (vite, testing libraries, types): not checked. */

const violations = [];
const report = (file, message) => violations.push(`${path.relative(root, file)}: ${message}`);

function listSourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...listSourceFiles(full));
    else if (/\.(ts|tsx|mjs)$/.test(entry) && !entry.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const IMPORT_PATTERN = /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

function importsOf(file) {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = [];
  for (const match of text.matchAll(IMPORT_PATTERN)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    const typeOnly = /^\s*(?:import|export)\s+type\s/.test(match[0].trim()) || /^(?:import|export)\s+type\s/.test(match[0].trim());
    found.push({ specifier, typeOnly });
  }
  return found;
}

function resolveRelative(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The package name an import names: '@vitrine/commerce/cart' → '@vitrine/commerce', 'kysely/helpers/postgres' → 'kysely'. */
function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function findCycles(graph) {
  const cycles = [];
  const state = new Map();
  const stack = [];
  const visit = (node) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

const packageNames = readdirSync(packagesDir).filter((name) => existsSync(path.join(packagesDir, name, 'package.json')));
const manifests = Object.fromEntries(packageNames.map((name) => [name, JSON.parse(readFileSync(path.join(packagesDir, name, 'package.json'), 'utf8'))]));

const serverSrc = path.join(packagesDir, 'server', 'src');
/** A server domain: a folder of src/ with an index.ts front. */
const domains = new Set(
  readdirSync(serverSrc).filter((entry) => existsSync(path.join(serverSrc, entry, 'index.ts'))),
);
/**
 * The server's composition root: the top-level files of src/ that assemble the domains into the app (app.ts, and
 * the test server in testing.ts). They stand outside the domain graph, and nothing in it imports them: a route file
 * declares the parts it takes where it uses them, and app.ts hands them in.
 */
// theme-cli.ts: `npm run theme`, whose dev command assembles the app like main.ts. database-setup.ts: the entry of the
// compiled database tools the journeys' harness imports (open, migrate, seed), an entry like main.ts.
const COMPOSITION_ROOT = new Set(['app.ts', 'main.ts', 'index.ts', 'testing.ts', 'context.ts', 'demo-site.ts', 'request-callers.ts', 'theme-cli.ts', 'database-setup.ts']);
/**
 * The domain graph: one node per top-level folder of src/ (a domain with its front, or a shared folder such as
 * http/, db/, pages/, shared/) and per shared top-level file (actor.ts, failures.ts); an edge for every import,
 * value or type-only, from a file that is not a test. Type imports count: a port is declared by the domain that
 * uses it, so a type never has to point back up the graph. Edge → one import that makes it, for the message.
 */
const domainGraph = new Map();

for (const name of packageNames) {
  if (!(name in FLOORS)) report(path.join(packagesDir, name, 'package.json'), `package '${name}' has no floor in scripts/check-architecture.mjs`);
  const exportsField = manifests[name].exports ?? {};
  for (const key of Object.keys(exportsField)) {
    if (key.includes('*')) report(path.join(packagesDir, name, 'package.json'), `exports '${key}' makes every file public: name each public entry`);
  }
}

for (const name of packageNames) {
  const dir = path.join(packagesDir, name);
  const manifest = manifests[name];
  const files = listSourceFiles(dir);
  const graph = new Map();
  const usedPackages = new Set();
  for (const file of files) {
    const relative = path.relative(dir, file);
    const isTest = /\.test\.tsx?$/.test(file) || relative.includes('test-support') || relative.endsWith('testing.ts') || relative.startsWith('src/reliability/');
    const edges = [];
    for (const { specifier, typeOnly } of importsOf(file)) {
      if (specifier.startsWith('.')) {
        const target = resolveRelative(file, specifier);
        if (!target) continue;
        if (!typeOnly) edges.push(target);
        if (name === 'server') checkServerImport(file, target, isTest);
        continue;
      }
      if (specifier.startsWith('node:')) continue;
      const pkg = packageOf(specifier);
      usedPackages.add(pkg);
      if (pkg.startsWith('@vitrine/')) {
        const target = pkg.slice('@vitrine/'.length);
        if (!isTest && !typeOnly && TYPE_ONLY_IMPORTS[name]?.includes(pkg) && !VALUE_ENTRIES.has(specifier)) report(file, `imports values of ${pkg}: a browser bundle imports it for types only (import type)`);
        const declared = { ...manifest.dependencies, ...manifest.devDependencies };
        if (!(pkg in declared)) report(file, `imports ${pkg}, which package.json does not declare`);
        const devOnly = !(manifest.dependencies && pkg in manifest.dependencies);
        if (!isTest && !devOnly && FLOORS[target] >= FLOORS[name]) report(file, `imports ${pkg} (floor ${FLOORS[target]}) from ${name} (floor ${FLOORS[name]}): imports go down the floors only`);
        if (!isTest && devOnly && pkg in (manifest.devDependencies ?? {})) report(file, `imports ${pkg}, a devDependency, outside a test`);
        const subpath = specifier === pkg ? '.' : `.${specifier.slice(pkg.length)}`;
        const exported = manifests[target]?.exports ?? {};
        if (!(subpath in exported)) report(file, `imports '${specifier}', which ${pkg} does not export (exports: ${Object.keys(exported).join(', ')})`);
      } else if (name === 'server' && !isTestFile(file) && /^(fastify|@fastify\/)/.test(pkg) && !isEdgeFile(relative)) {
        report(file, `imports ${pkg}: only route files and the HTTP edge see Fastify; services take (db, website, actor, input)`);
      }
    }
    graph.set(file, edges);
  }
  for (const cycle of findCycles(graph)) {
    report(cycle[0], `import cycle: ${cycle.map((file) => path.relative(dir, file)).join(' → ')}`);
  }
  // Configuration files name their plugins as imports too, so they are in `files` above.
  for (const dependency of Object.keys(manifest.dependencies ?? {})) {
    if (usedPackages.has(dependency) || USED_WITHOUT_IMPORT[name]?.[dependency] || USED_WITHOUT_IMPORT[name]?.[dependency.replace(/\/.*$/, '/*')]) continue;
    report(path.join(dir, 'package.json'), `declares ${dependency} but never imports it: remove it`);
  }
}

/** A test file (test support — helpers, fixtures, the reliability harness — is not: it must keep to the Fastify rule too). */
function isTestFile(file) {
  return /\.test\.tsx?$/.test(file);
}

/**
 * Files of the server that may see Fastify: route files, the HTTP edge (src/http/), and the composition root's
 * app.ts (which builds the Fastify app) and testing.ts (the test server around it). Everything else — services,
 * stores, jobs, the renderer, test support such as src/reliability/ — takes plain types.
 */
function isEdgeFile(relative) {
  return ROUTE_FILE.test(relative) || relative.startsWith('src/http/') || ['src/app.ts', 'src/main.ts', 'src/index.ts', 'src/testing.ts'].includes(relative);
}

function domainOf(file) {
  const relative = path.relative(serverSrc, file);
  const first = relative.split(path.sep)[0];
  return relative.includes(path.sep) && domains.has(first) ? first : undefined;
}

/** A file's node in the domain graph: its top-level folder, or its own name for a shared top-level file; none for the composition root. */
function graphNodeOf(file) {
  const parts = path.relative(serverSrc, file).split(path.sep);
  if (parts[0] === '..') return undefined;
  if (parts.length > 1) return parts[0];
  return COMPOSITION_ROOT.has(parts[0]) ? undefined : parts[0];
}

function checkServerImport(file, target, isTest) {
  if (!isTest) addGraphEdge(file, target);
  const from = domainOf(file);
  const to = domainOf(target);
  if (!to || from === to) return;
  // The composition root (app.ts, main.ts: outside every domain) may also mount a domain's routes.
  const allowed = path.basename(target) === 'index.ts' || (!from && ROUTE_FILE.test(path.basename(target)));
  if (!isTest && !allowed) {
    report(file, `reaches into ${path.relative(serverSrc, target)}: import the ${to} domain through ${to}/index.ts`);
  }
}

function addGraphEdge(file, target) {
  const from = graphNodeOf(file);
  if (from === undefined) return;
  const targetName = path.relative(serverSrc, target);
  if (!targetName.includes(path.sep) && COMPOSITION_ROOT.has(targetName)) {
    report(file, `imports ${targetName}, the composition root: declare the parts this file takes where it uses them (a port), and let app.ts pass them in`);
    return;
  }
  const to = graphNodeOf(target);
  if (to === undefined || to === from) return;
  if (!domainGraph.has(from)) domainGraph.set(from, new Map());
  if (!domainGraph.get(from).has(to)) domainGraph.get(from).set(to, `${path.relative(serverSrc, file)} → ${targetName}`);
}

/** `http → api-keys → http`, then the import behind each step. */
function describeGraphCycle(cycle) {
  const steps = cycle.slice(0, -1).map((node, index) => domainGraph.get(node).get(cycle[index + 1]));
  return `${cycle.join(' → ')} (${steps.join('; ')})`;
}

for (const cycle of findCycles(new Map([...domainGraph].map(([node, targets]) => [node, [...targets.keys()]])))) {
  violations.push(`packages/server/src: the domain graph has a cycle: ${describeGraphCycle(cycle)}`);
}

if (existsSync(serverSrc)) for (const [file, message] of databasePragmaProblems(root)) report(file, message);

if (violations.length > 0) {
  console.error(`Architecture check: ${violations.length} violation(s)\n${violations.map((line) => `  - ${line}`).join('\n')}`);
  process.exit(1);
}
console.log(`Architecture check: ${packageNames.length} packages, ${domains.size} server domains (${[...domains].join(', ')}): no violations.`);
