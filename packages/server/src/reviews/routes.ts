import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { approveReviewContract, hideReviewContract, listOwnerReviewsContract, replyToReviewContract, REVIEW_LIMITS, submitReviewContract } from '@vitrine/contracts';
import { escapeAttribute as attr } from '@vitrine/template';
import type { SharedParts } from '../shared';
import { isFailure } from '../failures';
import { isFormCrumbValid } from '../http/crumb';
import { approveReview, hideReview, listOwnerReviews, replyToReview } from './moderation';
import type { ReviewFormError } from './request-page';
import { submitReview } from './submit';

/** A review form post: the token, the line, the crumb and the review (at most 5,000 characters of text). */
const FORM_BODY_LIMIT = 32 * 1024;

/**
 * The reviews calls: the buyer's submit (JSON), the owner's moderation, and the review request page's plain HTML
 * form post (works without JavaScript; the crumb comes as a form field). The page itself is pages/routes.ts'.
 */
export function registerReviewRoutes(fastify: FastifyInstance, context: SharedParts): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = context;

  app.route({
    ...submitReviewContract,
    handler: async ({ website, actor, body }, reply) => reply.status(201).send(await submitReview(db, website, actor, body)),
  });
  app.route({ ...listOwnerReviewsContract, handler: async ({ website, actor, query }) => listOwnerReviews(db, website, actor, query) });
  app.route({ ...approveReviewContract, handler: async ({ website, actor, params }) => approveReview(db, website, actor, params) });
  app.route({ ...hideReviewContract, handler: async ({ website, actor, params }) => hideReview(db, website, actor, params) });
  app.route({
    ...replyToReviewContract,
    handler: async ({ website, actor, params, body }) => replyToReview(db, website, actor, { reviewId: params.reviewId, reply: body.reply }),
  });

  fastify.register(async (forms) => {
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const formOf = (request: FastifyRequest) => (request.body && typeof request.body === 'object' ? (request.body as Record<string, string>) : {});

    // Back to the page: `submitted=1`, or the refused field's key for that line. A link that is not valid, a line of
    // another order or the feature off answer the page's not-found (the page itself says so).
    forms.post('/reviews/request', { config: { crumb: 'form', siteUserXsrf: false } }, async (request, reply) => {
      const form = formOf(request);
      const token = String(form.token ?? '').slice(0, REVIEW_LIMITS.tokenMax);
      const orderItemId = String(form.orderItemId ?? '').slice(0, 64);
      const back = (extra: Record<string, string>) => `/reviews/request?${new URLSearchParams({ token, ...extra }).toString()}`;
      // A 303 back to the page, with a line of HTML for a client that does not follow it (every page answer is HTML).
      const redirect = (location: string) =>
        reply.status(303).header('location', location).header('cache-control', 'no-store').type('text/html; charset=utf-8')
          .send(`<!doctype html><title>Review</title><p><a href="${attr(location)}">Back to your review</a></p>`);
      const refuse = (error: ReviewFormError) => redirect(`${back({ error, line: orderItemId })}#review-${orderItemId}`);
      if (!isFormCrumbValid(context, request, form.crumb)) return refuse('crumb');
      try {
        await submitReview(db, request.website, request.actor, {
          token, orderItemId, rating: form.rating, title: form.title, body: form.body, reviewerName: form.reviewerName,
        });
      } catch (error) {
        if (!isFailure(error)) throw error;
        if (error.kind === 'conflict') return refuse('already');
        if (error.kind === 'invalid') {
          const field = (['rating', 'title', 'body', 'reviewerName'] as const).find((name) => error.errors?.[name]);
          return refuse(field ?? 'body');
        }
        return redirect(back({}));
      }
      return redirect(back({ submitted: '1' }));
    });
  });
}
