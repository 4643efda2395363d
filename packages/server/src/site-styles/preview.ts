import type { Kysely } from 'kysely';
import type { Database, Website } from '../db/schema';
import type { CompiledStyles } from './compiled';
import { draftStylesFor } from './service';
import { TEMPLATE_PREVIEW_PREFIX, templatePreviewStylesFor } from './templates';
import type { ThemeManifestSource } from './website-theme';

/**
 * A storefront page's `?design-preview=` (for one who may change the site's styles; pages/routes.ts checks the role):
 * `draft` shows the page with the draft's stylesheet and layout options (the Design screen's frame), `template:{id}`
 * with a starter template's (Design → Change template's preview, on the owner's own pages).
 */
const PREVIEW = /^(?:draft|template:[a-z0-9]+(?:[.-][a-z0-9]+)*)$/;

export function isDesignPreview(parameter: unknown): parameter is string {
  return typeof parameter === 'string' && parameter.length <= 60 && PREVIEW.test(parameter);
}

/** The styles a preview shows; undefined for no preview (no draft yet, or a template the theme does not offer). */
export async function designPreviewStylesFor(db: Kysely<Database>, website: Website, parameter: unknown, themes?: ThemeManifestSource): Promise<CompiledStyles | undefined> {
  if (!isDesignPreview(parameter)) return undefined;
  if (parameter === 'draft') return draftStylesFor(db, website, themes);
  return templatePreviewStylesFor(db, website, parameter.slice(TEMPLATE_PREVIEW_PREFIX.length), themes);
}
