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
import type { ShoppingCart } from '@vitrine/commerce';
import type { PageTemplateName } from '@vitrine/theme';
import { readVisitorCart } from '../cart/service';
import { listStoreNavigation } from './navigation';

type PageQuery = { format?: string; [key: string]: string | undefined };
type PageRequest = FastifyRequest<{ Querystring: PageQuery; Params: Record<string, string> }>;

/**
 * Answers a page: its context as JSON with ?format=json, else the theme's template for it
 * rendered around that context; always with a crumb cookie.
 */
async function sendPage<T extends BasePageContext>(
  context: ServerContext,
  request: PageRequest,
  reply: FastifyReply,
  pageContext: T | undefined,
  template: PageTemplateName,
) {
  ensureCrumbCookie(request, reply, context);
  reply.header('cache-control', 'no-store');
  const found = pageContext !== undefined;
  const answered: BasePageContext = pageContext ?? {
    pageType: PAGE_TYPES.notFound,
    website: websiteJson(context.website),
    websiteSettings: websiteSettingsJson(context.website),
  };
  if (!found) reply.status(404);
  const path = request.url.split('?')[0] ?? '/';
  if (request.query.format === 'json') {
    return reply.type('application/json; charset=utf-8').send(found ? answered : { ...answered, message: 'Not found.', path });
  }
  // The cart page, and checkout without a token, already hold the visitor's cart; every other page
  // reads it for the header and pill.
  const shown = answered as { shoppingCart?: ShoppingCart; cartToken?: string | null };
  const showsVisitorCart = found && (template === 'cart' || (template === 'checkout' && !shown.cartToken));
  const ownCart = showsVisitorCart ? shown.shoppingCart : undefined;
  const [visitorCart, navigation] = await Promise.all([
    ownCart ?? readVisitorCart(context, request),
    listStoreNavigation(context),
  ]);
  const { html, errors } = context.theme.renderPage(found ? template : 'not-found', found ? answered : { ...answered, path }, {
    path,
    visitorCart,
    navigation: navigation.links,
    storeUrl: navigation.storeUrl,
    pageTitle: pageTitleOf(answered),
    searchQuery: typeof request.query.q === 'string' ? request.query.q : '',
  });
  if (errors.length > 0) request.log.warn({ errors, template }, 'theme template errors');
  return reply.type('text/html; charset=utf-8').send(html);
}

function pageTitleOf(page: BasePageContext): string | undefined {
  const withTitle = page as { item?: { title?: string } | null; collection?: { title?: string } };
  return withTitle.item?.title ?? withTitle.collection?.title;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export function registerPageRoutes(app: FastifyInstance, context: ServerContext): void {
  app.get('/', async (request: PageRequest, reply) => sendPage(context, request, reply, await buildHomePageContext(context), 'home'));

  app.get('/cart', async (request: PageRequest, reply) =>
    sendPage(context, request, reply, await buildCartPageContext(context, request), 'cart'),
  );

  app.get('/checkout', async (request: PageRequest, reply) =>
    sendPage(context, request, reply, await buildCheckoutPageContext(context, request, text(request.query.cartToken)), 'checkout'),
  );

  app.get('/checkout/subscription', async (request: PageRequest, reply) =>
    sendPage(context, request, reply, await buildCheckoutPageContext(context, request, text(request.query.cartToken)), 'checkout'),
  );

  app.get('/checkout/order-confirmed', async (request: PageRequest, reply) =>
    sendPage(context, request, reply, await buildOrderConfirmedPageContext(context, text(request.query.orderId)), 'order-confirmed'),
  );

  app.get('/checkout/gift-card', async (request: PageRequest, reply) =>
    sendPage(
      context,
      request,
      reply,
      await buildGiftCardPageContext(context, text(request.query.itemId), text(request.query.sku)),
      'gift-card',
    ),
  );

  app.get('/search', async (request: PageRequest, reply) =>
    sendPage(context, request, reply, await buildSearchPageContext(context, text(request.query.q)), 'search'),
  );

  app.get('/:collectionUrlId', async (request: PageRequest, reply) =>
    sendPage(context, request, reply, await buildStorePageContext(context, request.params.collectionUrlId), 'collection'),
  );

  app.get('/:collectionUrlId/p/:slug', async (request: PageRequest, reply) =>
    sendPage(
      context,
      request,
      reply,
      await buildProductPageContext(context, request.params.collectionUrlId, request.params.slug),
      'item',
    ),
  );
}
