import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { getCaptchaChallengeContract } from '@vitrine/contracts';
import type { SharedParts } from '../shared';
import { notFound } from '../failures';
import { createCaptchaChallenge, isCaptchaEnabled, type CaptchaSettings } from './challenges';

export const CAPTCHA_NOT_ENABLED = 'This website has no captcha.';

/** GET /api/captcha/challenge: what the widget fetches before it starts working. */
export function registerCaptchaRoutes(fastify: FastifyInstance, context: SharedParts & { captcha: CaptchaSettings }): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.route({
    ...getCaptchaChallengeContract,
    handler: async ({ website }, reply) => {
      if (!isCaptchaEnabled(website)) throw notFound(CAPTCHA_NOT_ENABLED);
      // Each challenge is good once: never from a cache.
      reply.header('cache-control', 'no-store');
      return createCaptchaChallenge(context.captcha, website);
    },
  });
}
