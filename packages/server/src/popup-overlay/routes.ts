import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { getPopupOverlayContract, showPopupOverlayAgainContract, updatePopupOverlayContract } from '@vitrine/contracts';
import type { SharedParts } from '../shared';
import { getPopupOverlay, showPopupOverlayAgain, updatePopupOverlay } from './service';

/** The owner's popup overlay calls (issue 18). */
export function registerPopupOverlayRoutes(fastify: FastifyInstance, { db }: SharedParts): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.route({ ...getPopupOverlayContract, handler: async ({ website, actor }) => getPopupOverlay(db, website, actor) });
  app.route({ ...updatePopupOverlayContract, handler: async ({ website, actor, body }) => updatePopupOverlay(db, website, actor, body) });
  app.route({ ...showPopupOverlayAgainContract, handler: async ({ website, actor }) => showPopupOverlayAgain(db, website, actor) });
}
