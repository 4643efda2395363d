import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientAssets, type ViteManifest } from '@vitrine/storefront/manifest';
import type { PageAssets } from './theme-renderer';

/** URL prefixes of the two asset folders the server serves. */
export const STOREFRONT_ASSET_PREFIX = '/assets/storefront/';
export const THEME_ASSET_PREFIX = '/assets/theme/';

/** packages/storefront/dist: what `npm run build -w @vitrine/storefront` writes (a sibling workspace). */
export const storefrontDistDir = path.resolve(fileURLToPath(import.meta.url), '../../../../storefront/dist');

/**
 * The script and styles pages link. Without a built storefront the pages still render
 * (server HTML works without JavaScript); they just are not interactive.
 */
export function loadPageAssets(distDir: string = storefrontDistDir): PageAssets {
  const manifestPath = path.join(distDir, 'manifest.json');
  const stylesheet = `${THEME_ASSET_PREFIX}site.css`;
  if (!existsSync(manifestPath)) return { stylesheet, themeUrl: THEME_ASSET_PREFIX, script: null, preloads: [] };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as ViteManifest;
  const assets = clientAssets(manifest, STOREFRONT_ASSET_PREFIX);
  return { stylesheet, themeUrl: THEME_ASSET_PREFIX, script: assets.script, preloads: assets.preloads };
}
