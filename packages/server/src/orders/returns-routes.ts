import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FULFILMENT_LIMITS, RETURN_REASONS, RETURN_REQUEST_MESSAGES, type RequestReturnBody, type ReturnReason } from '@vitrine/contracts';
import { escapeAttribute as attr } from '@vitrine/template';
import { isFailure } from '../failures';
import { isFormCrumbValid } from '../http/crumb';
import type { MailSettings } from '../mail';
import type { SharedParts } from '../shared';
import { RETURN_FORM_PATH, type ReturnFormError } from './return-page';
import { requestReturn } from './returns';

/** A return form: the order id, a quantity per line (at most FULFILMENT_LIMITS.linesMax), a reason and a note, the crumb. */
const FORM_BODY_LIMIT = 32 * 1024;
const QUANTITY_FIELD = /^quantity\.([A-Za-z0-9_-]{1,64})$/;

/**
 * The order page's return form (orders/return-page.ts), a plain HTML form that works without JavaScript: the crumb
 * comes as a field (double submit, checked here) and every answer is a 303 back to the order's page — `notice=requested`,
 * or the refused answer's code — except an order that is not there (or not this shopper's): 404.
 */
export function registerReturnFormRoutes(fastify: FastifyInstance, context: SharedParts & { mail: MailSettings }): void {
  const { db, mail } = context;
  fastify.register(async (forms) => {
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const formOf = (request: FastifyRequest): Record<string, string> => (request.body && typeof request.body === 'object' ? (request.body as Record<string, string>) : {});

    forms.post(RETURN_FORM_PATH, { config: { crumb: 'form', siteUserXsrf: false } }, async (request, reply) => {
      const form = formOf(request);
      const orderId = String(form.orderId ?? '').slice(0, 64);
      const back = (answer: { notice?: 'requested'; error?: ReturnFormError }) => {
        const location = `/checkout/order-confirmed?${new URLSearchParams({ orderId, ...(answer.notice ? { returnNotice: answer.notice } : { returnError: answer.error! }) })}#returns`;
        // A line of HTML for a client that does not follow the redirect.
        return reply.status(303).header('location', location).header('cache-control', 'no-store').type('text/html; charset=utf-8')
          .send(`<!doctype html><title>Return</title><p><a href="${attr(location)}">Back to your order</a></p>`);
      };
      const notFound = () => reply.status(404).header('cache-control', 'no-store').type('text/html; charset=utf-8')
        .send('<!doctype html><title>Order not found</title><p>Sorry, that order was not found.</p><p><a href="/">Back home</a></p>');
      // The crumb first, as every plain form does: a forged post learns nothing about which orders exist.
      if (!isFormCrumbValid(context, request, form.crumb)) {
        if (orderId) return back({ error: 'crumb' });
        return reply.status(403).header('cache-control', 'no-store').type('text/html; charset=utf-8')
          .send(`<!doctype html><title>Return</title><p>${RETURN_REQUEST_MESSAGES.expired}</p><p><a href="/">Back home</a></p>`);
      }
      if (!orderId) return notFound();
      const parsed = returnBodyOf(form);
      if (typeof parsed === 'string') return back({ error: parsed });
      try {
        await requestReturn(db, request.website, request.actor, orderId, parsed, { mail });
      } catch (error) {
        if (!isFailure(error)) throw error;
        if (error.kind === 'not-found') return notFound();
        if (error.kind === 'conflict') return back({ error: 'nothing' });
        if (error.errors?.note) return back({ error: 'other' });
        return back({ error: 'too-many' });
      }
      return back({ notice: 'requested' });
    });
  });
}

/** The form's fields as the JSON call's body, or the code of what is wrong with them. */
export function returnBodyOf(form: Record<string, string>): RequestReturnBody | ReturnFormError {
  const lines: RequestReturnBody['lines'] = [];
  for (const [name, value] of Object.entries(form)) {
    const lineId = QUANTITY_FIELD.exec(name)?.[1];
    if (!lineId || value.trim() === '' || value.trim() === '0') continue;
    if (!/^\d{1,6}$/.test(value.trim())) return 'too-many';
    lines.push({ lineId, quantity: Number(value.trim()) });
  }
  if (lines.length === 0) return 'choose';
  if (lines.length > FULFILMENT_LIMITS.linesMax) return 'too-many';
  const reason = String(form.reason ?? '');
  if (!Object.hasOwn(RETURN_REASONS, reason)) return 'reason';
  const note = String(form.note ?? '').trim();
  // The database refuses a NUL in text: a form that sends one is refused here, never answered with a 500.
  if (note.length > FULFILMENT_LIMITS.noteMaxLength || note.includes('\u0000')) return 'note';
  if (reason === 'other' && !note) return 'other';
  return { lines, reason: reason as ReturnReason, ...(note ? { note } : {}) };
}
