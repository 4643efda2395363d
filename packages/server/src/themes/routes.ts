import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { chooseThemeContract, deleteThemeContract, getThemesContract, THEME_MESSAGES, THEME_UPLOAD_LIMITS, uploadThemeContract } from '@vitrine/contracts';
import { HttpError } from '../http/errors';
import { websiteOrAnswer, type HostLookup } from '../http/host-answer';
import { registerStreamedUpload } from '../http/streamed-upload';
import type { SharedParts } from '../shared';
import { disallowedThemeFile } from './files';
import type { ThemeRegistry } from './registry';
import { UPLOADED_THEME_ASSET_PREFIX } from './registry';
import { chooseTheme, deleteTheme, listThemes, uploadTheme } from './service';
import type { ThemeArchiveStore } from './store';

/** Reads the streamed body whole, at most `maxBytes` (a theme archive is checked in memory). */
async function readBody(body: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      body.destroy();
      throw new HttpError(413, THEME_MESSAGES.tooLarge);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Design → Themes: the owner's calls (admins: `themes:manage`). */
export function registerThemeRoutes(fastify: FastifyInstance, context: SharedParts, store: ThemeArchiveStore): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = context;
  app.route({ ...getThemesContract, handler: async ({ website, actor }) => listThemes(db, website, actor) });
  // The registry keeps each website's choice up to a second: a change here is seen on the next request.
  const forgetting = async <T>(websiteId: string, change: Promise<T>): Promise<T> => {
    try {
      return await change;
    } finally {
      context.themes.forget(websiteId);
    }
  };
  app.route({ ...chooseThemeContract, handler: async ({ website, actor, body }) => forgetting(website.id, chooseTheme(db, website, actor, body.themeId)) });
  app.route({ ...deleteThemeContract, handler: async ({ website, actor, params }) => forgetting(website.id, deleteTheme(db, store, website, actor, params.themeId)) });
  registerStreamedUpload(fastify, uploadThemeContract, { maxBytes: THEME_UPLOAD_LIMITS.archiveBytes, messages: THEME_MESSAGES }, async (request, _params, file) => {
    // The role is checked before a byte is buffered.
    await listThemes(db, request.website, request.actor);
    const reply = await uploadTheme(db, store, request.website, request.actor, await readBody(file.body, THEME_UPLOAD_LIMITS.archiveBytes));
    return reply;
  });
}

const CONTENT_TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.gif': 'image/gif',
  '.woff2': 'font/woff2', '.woff': 'font/woff', '.txt': 'text/plain; charset=utf-8',
};

/**
 * `GET /assets/themes/{themeId}/{file}`: an uploaded theme's assets, for the website that uploaded it only (another
 * host gets 404). A theme id names one upload whose files never change, so browsers keep them a year.
 */
export function registerThemeAssetRoutes(app: FastifyInstance, context: { websites: HostLookup }, registry: ThemeRegistry): void {
  app.get(`${UPLOADED_THEME_ASSET_PREFIX}:themeId/*`, async (request, reply) => {
    const { themeId, '*': file } = request.params as { themeId: string; '*': string };
    const website = await websiteOrAnswer(context, request, reply);
    if (!website) return reply;
    const type = CONTENT_TYPES[path.posix.extname(file).toLowerCase()];
    const content = /^[a-z0-9]{1,64}$/.test(themeId) && type && !disallowedThemeFile(`assets/${file}`) ? await registry.asset(website, themeId, file) : undefined;
    if (!content) return reply.code(404).header('cache-control', 'no-store').send({ message: 'Not found.' });
    return reply.header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').type(type).send(content);
  });
}
