import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { ensureCrumbCookie } from '../http/crumb';
import {
  PAGE_TYPES,
  buildCartPageContext,
  buildCheckoutPageContext,
  buildGiftCardPageContext,
  buildHomePageContext,
  buildOrderConfirmedPageContext,
  buildProductPageContext,
  buildSearchPageContext,
  buildStorePageContext,
  websiteJson,
  websiteSettingsJson,
  type BasePageContext,
} from './contexts';
import {
  renderCartPage,
  renderCheckoutPage,
  renderGiftCardPage,
  renderHomePage,
  renderNotFoundPage,
  renderOrderConfirmedPage,
  renderProductPage,
  renderSearchPage,
  renderStorePage,
} from './html';

type PageQuery = { format?: string; [key: string]: string | undefined };
type PageRequest = FastifyRequest<{ Querystring: PageQuery; Params: Record<string, string> }>;

/** Answers a page: its context as JSON with ?format=json, else the HTML; always with a crumb cookie. */
function sendPage<T extends BasePageContext>(
  context: ServerContext,
  request: PageRequest,
  reply: FastifyReply,
  pageContext: T | undefined,
  render: (page: T) => string,
) {
  ensureCrumbCookie(request, reply, context);
  reply.header('cache-control', 'no-store');
  if (!pageContext) {
    const notFound: BasePageContext = {
      pageType: PAGE_TYPES.notFound,
      website: websiteJson(context.website),
      websiteSettings: websiteSettingsJson(context.website),
    };
    reply.status(404);
    if (request.query.format === 'json') return reply.send({ ...notFound, message: 'Not found.' });
    return reply.type('text/html; charset=utf-8').send(renderNotFoundPage(notFound));
  }
  if (request.query.format === 'json') return reply.type('application/json; charset=utf-8').send(pageContext);
  return reply.type('text/html; charset=utf-8').send(render(pageContext));
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export function registerPageRoutes(app: FastifyInstance, context: ServerContext): void {
  app.get('/', async (request: PageRequest, reply) => sendPage(context, request, reply, await buildHomePageContext(context), renderHomePage));

  app.get('/cart', async (request: PageRequest, reply) =>
    sendPage(context, request, reply, await buildCartPageContext(context, request), renderCartPage),
  );

  app.get('/checkout', async (request: PageRequest, reply) =>
    sendPage(context, request, reply, await buildCheckoutPageContext(context, request, text(request.query.cartToken)), renderCheckoutPage),
  );

  app.get('/checkout/subscription', async (request: PageRequest, reply) =>
    sendPage(context, request, reply, await buildCheckoutPageContext(context, request, text(request.query.cartToken)), renderCheckoutPage),
  );

  app.get('/checkout/order-confirmed', async (request: PageRequest, reply) =>
    sendPage(context, request, reply, await buildOrderConfirmedPageContext(context, text(request.query.orderId)), renderOrderConfirmedPage),
  );

  app.get('/checkout/gift-card', async (request: PageRequest, reply) =>
    sendPage(
      context,
      request,
      reply,
      await buildGiftCardPageContext(context, text(request.query.itemId), text(request.query.sku)),
      renderGiftCardPage,
    ),
  );

  app.get('/search', async (request: PageRequest, reply) =>
    sendPage(context, request, reply, await buildSearchPageContext(context, text(request.query.q)), renderSearchPage),
  );

  app.get('/:collectionUrlId', async (request: PageRequest, reply) =>
    sendPage(context, request, reply, await buildStorePageContext(context, request.params.collectionUrlId), renderStorePage),
  );

  app.get('/:collectionUrlId/p/:slug', async (request: PageRequest, reply) =>
    sendPage(
      context,
      request,
      reply,
      await buildProductPageContext(context, request.params.collectionUrlId, request.params.slug),
      renderProductPage,
    ),
  );
}
