// The compiled server `npm start` runs: packages/server/src/main.ts and every workspace module it reaches bundled by
// esbuild into one ES module (packages/server/dist/server.mjs), run by plain node. Running the TypeScript through tsx
// costs seconds on every start (each of ~600 modules resolved and loaded through tsx's hooks); the bundle is one file.
// The packages from node_modules stay outside it and load as Node loads them.
// Tests, e2e and `npm run owner` keep running the TypeScript sources through tsx.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readManifest, rebuildReason, hashFile, refreshManifestTimes, statFiles, writeManifest } from './build-manifest.mjs';

const root = path.resolve(fileURLToPath(import.meta.url), '../../..');
export const serverEntry = path.join(root, 'packages/server/src/main.ts');
export const serverBundle = path.join(root, 'packages/server/dist/server.mjs');
/** The database tools (open, migrate, seed) compiled on their own, for the journeys' harness to import. */
export const databaseSetupEntry = path.join(root, 'packages/server/src/database-setup.ts');
export const databaseSetupBundle = path.join(root, 'packages/server/dist/database-setup.mjs');
/** The manifest beside a bundle: server.mjs → server.build.json. */
const manifestFileOf = (bundle) => bundle.replace(/\.mjs$/, '.build.json');

/**
 * Inputs besides the modules the bundle holds: what decides how they resolve and compile (package.json exports,
 * tsconfig, the installed versions) and this builder itself.
 */
function configurationFiles() {
  const packages = path.join(root, 'packages');
  return [
    path.join(root, 'package-lock.json'),
    path.join(root, 'tsconfig.base.json'),
    fileURLToPath(import.meta.url),
    ...readdirSync(packages).flatMap((name) => ['package.json', 'tsconfig.json'].map((file) => path.join(packages, name, file))),
  ];
}

/** Identifies the builder: a new esbuild or a change to these options means every bundle is rebuilt. */
function builderId() {
  // Read from its package.json: importing esbuild would cost every start some milliseconds for a version string.
  const { version } = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('esbuild/package.json'), 'utf8'));
  return `esbuild ${version}; node ${process.versions.node}`;
}

/**
 * The sources use import.meta.url to find files beside them (migrations, mail templates, the theme, demo pictures,
 * the built islands): inside a bundle it would name the bundle, so each module's own URL is written in its place.
 */
const keepModuleLocations = {
  name: 'keep-module-locations',
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mts)$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: path.extname(args.path).slice(1) };
    });
  },
};

/**
 * Workspace packages (@vitrine/*) are bundled; everything else from node_modules stays an import. The bundle sits in
 * packages/server/dist, so a package is resolved from there at run time: the build fails if that would find another
 * copy than the importing module's own folder does (a package nested in some other workspace's node_modules).
 */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData?.checking || args.path.startsWith('@vitrine/') || args.path.startsWith('node:')) return undefined;
      // A stylesheet or a Vite asset query (`?worker`) only a browser path loads (the storefront's captcha widget,
      // imported lazily): the server never runs it, and Node could not load it.
      if (/\.css$|\?/.test(args.path)) return { path: args.path, namespace: 'browser-only' };
      const [fromImporter, fromBundle] = await Promise.all(
        // The bundle's folder may not exist yet; its parent resolves the same way.
        [args.resolveDir, path.join(root, 'packages/server')].map((resolveDir) => build.resolve(args.path, { kind: args.kind, resolveDir, pluginData: { checking: true } })),
      );
      if (!fromImporter.errors.length && fromImporter.path !== fromBundle.path) {
        return { errors: [{ text: `${args.path} resolves to ${fromImporter.path} from ${args.importer} but to ${fromBundle.path} from the bundle` }] };
      }
      return { path: args.path, external: true };
    });
    build.onLoad({ filter: /.*/, namespace: 'browser-only' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is for the browser; the server cannot load it`)});`,
      loader: 'js',
    }));
  },
};

/**
 * Builds the bundle and writes its manifest (the modules it holds, from esbuild's metafile, and the configuration).
 * `outfile` must lie under packages/server (the externals resolve from there at run time); tests build elsewhere there.
 */
export async function buildServerBundle(outfile = serverBundle, entry = serverEntry) {
  const esbuild = await import('esbuild');
  const builder = builderId();
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    // The server needs its names in logs and stack traces; minifying would save nothing at run time worth having.
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    tsconfig: path.join(root, 'tsconfig.json'),
    // Packages bundled from CommonJS call require(): give the ES module one.
    banner: { js: "import { createRequire as __vitrineCreateRequire } from 'node:module'; const require = __vitrineCreateRequire(import.meta.url);" },
    plugins: [externalPackages, keepModuleLocations],
  });
  const modules = Object.keys(result.metafile.inputs).map((input) => path.resolve(root, input));
  writeManifest(manifestFileOf(outfile), builder, statFiles([...modules, ...configurationFiles()]));
}

/** Why the bundle must be rebuilt, or undefined when it is current (refreshing the manifest's times if only they moved). */
export function serverBundleStaleness(outfile = serverBundle) {
  const manifest = readManifest(manifestFileOf(outfile));
  if (!manifest || !statFiles([outfile])[outfile]) return 'no previous build';
  // The modules the last build held (an import added since shows as a change to the module that imports it).
  const current = statFiles([...new Set([...Object.keys(manifest.files ?? {}), ...configurationFiles()])]);
  const reason = rebuildReason(manifest, builderId(), current, hashFile);
  if (!reason) refreshManifestTimes(manifestFileOf(outfile), manifest, current);
  return reason;
}
