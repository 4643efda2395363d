/** What `vite build` writes to dist/manifest.json, by source path. */
export interface ViteManifestEntry {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ViteManifestEntry>;

/** The manifest key of the one browser entry. */
export const CLIENT_ENTRY = 'src/client.tsx';

export interface ClientAssets {
  /** The module script to load at the end of <body>. */
  script: string;
  /** Chunks the entry imports, for `<link rel="modulepreload">`. */
  preloads: string[];
  stylesheets: string[];
}

/**
 * The URLs a page links for the islands, given the built manifest and the URL
 * prefix under which the server serves packages/storefront/dist.
 */
export function clientAssets(manifest: ViteManifest, urlPrefix = '/assets/storefront/'): ClientAssets {
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`The storefront manifest has no ${CLIENT_ENTRY} entry: run npm run build -w @vitrine/storefront`);
  const prefix = urlPrefix.endsWith('/') ? urlPrefix : `${urlPrefix}/`;
  const preloads = new Set<string>();
  const stylesheets = new Set<string>(entry.css ?? []);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preloads.has(chunk.file)) return;
    preloads.add(chunk.file);
    for (const css of chunk.css ?? []) stylesheets.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of entry.imports ?? []) visit(key);
  return {
    script: prefix + entry.file,
    preloads: [...preloads].map((file) => prefix + file),
    stylesheets: [...stylesheets].map((file) => prefix + file),
  };
}
