import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  listRestockGroupsContract, listRestockSignUpsContract, restockSignUpContract, sendAllRestockContract, sendRestockContract,
} from '@vitrine/contracts';
import type { CaptchaSettings } from '../captcha';
import type { MailSettings } from '../mail';
import type { SharedParts } from '../shared';
import { listRestockGroups, listRestockSignUps, sendAllRestockNotices, sendRestockNotices } from './owner-service';
import { signUpForRestock } from './sign-up';
import { visitorLanguageOfRequest } from '../http/language-prefix';

/** The restock box's sign-up (shoppers) and the store's listings and sends (owners), at the spec's paths. */
export function registerRestockRoutes(fastify: FastifyInstance, context: SharedParts & { mail: MailSettings; captcha: CaptchaSettings }): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, mail, captcha } = context;
  // A shopper signs up signed in or not; a signed-in one's token is not needed for this (the crumb guards it).
  app.route({ ...restockSignUpContract, config: { siteUserXsrf: false }, handler: async (request) => signUpForRestock(db, request.website, request.actor, { ...request.body, language: visitorLanguageOfRequest(request).locale }, captcha) });
  app.route({ ...listRestockGroupsContract, handler: async ({ website, actor, query }) => listRestockGroups(db, website, actor, query) });
  app.route({ ...listRestockSignUpsContract, handler: async ({ website, actor, query }) => listRestockSignUps(db, website, actor, query) });
  app.route({ ...sendRestockContract, handler: async ({ website, actor, body }) => sendRestockNotices(db, website, actor, body, mail) });
  app.route({ ...sendAllRestockContract, handler: async ({ website, actor, body }) => sendAllRestockNotices(db, website, actor, body, mail) });
}
