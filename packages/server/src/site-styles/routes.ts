import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  getSiteStylesContract, getSiteTemplatesContract, listSiteStylesVersionsContract, publishSiteStylesContract, resetSiteStylesContract,
  restoreSiteStylesVersionContract, saveSiteStylesDraftContract, switchSiteTemplateContract,
} from '@vitrine/contracts';
import type { SharedParts } from '../shared';
import { catalogFontFile } from './fonts';
import {
  getSiteStyles, listSiteStylesVersions, publishSiteStyles, resetSiteStyles, restoreSiteStylesVersion, saveSiteStylesDraft, siteStylesheet,
} from './service';
import { StylesheetCache } from './stylesheet-cache';
import { listSiteTemplates, switchSiteTemplate } from './templates';

const NOT_FOUND = { message: 'Not found.' };

/** The owner's site-styles calls, the website's compiled stylesheet and the catalog's font files. */
export function registerSiteStylesRoutes(fastify: FastifyInstance, { db, themes }: SharedParts): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const stylesheets = new StylesheetCache();

  app.route({ ...getSiteStylesContract, handler: async ({ website, actor }) => getSiteStyles(db, website, actor, themes) });
  app.route({ ...saveSiteStylesDraftContract, handler: async ({ website, actor, body }) => saveSiteStylesDraft(db, website, actor, body, themes) });
  app.route({ ...publishSiteStylesContract, handler: async ({ website, actor }) => publishSiteStyles(db, website, actor, themes) });
  app.route({ ...resetSiteStylesContract, handler: async ({ website, actor }) => resetSiteStyles(db, website, actor, themes) });
  app.route({ ...listSiteStylesVersionsContract, handler: async ({ website, actor, query }) => listSiteStylesVersions(db, website, actor, query) });
  app.route({ ...restoreSiteStylesVersionContract, handler: async ({ website, actor, params }) => restoreSiteStylesVersion(db, website, actor, params.versionId, themes) });
  app.route({ ...getSiteTemplatesContract, handler: async ({ website, actor }) => listSiteTemplates(db, website, actor, themes) });
  app.route({ ...switchSiteTemplateContract, handler: async ({ website, actor, body }) => switchSiteTemplate(db, website, actor, body, themes) });

  // Content-addressed: the name is the content's hash, so a year's immutable cache is safe; a wrong name is a 404.
  fastify.get<{ Params: { file: string } }>('/assets/site-styles/:file', async (request, reply) => {
    const css = await siteStylesheet(db, request.website, stylesheets, request.params.file, themes);
    if (css === undefined) return reply.code(404).header('cache-control', 'no-store').send(NOT_FOUND);
    return reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').send(css);
  });

  // The catalog's woff2 files only (an allow-list; no path from the request touches the disk). Their names carry the
  // @fontsource version's content, so they are cached as long.
  fastify.get<{ Params: { fontId: string; file: string } }>('/assets/fonts/:fontId/:file', async (request, reply) => {
    const location = catalogFontFile(request.params.fontId, request.params.file);
    if (!location) return reply.code(404).header('cache-control', 'no-store').send(NOT_FOUND);
    return reply.sendFile(location.fileName, location.dir, { maxAge: '365d', immutable: true });
  });
}
