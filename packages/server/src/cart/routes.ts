import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { addEntry, emptyCart, createSingleItemCart, readVisitorCart, removeEntry, updateEntryAdditionalFields, updateEntryQuantity } from './service';
import { listStock } from './stock';

interface EntryParams {
  entryId: string;
}

/** Cart calls of storefront spec §7, plus update-quantity and remove-entry for the cart page. */
export function registerCartRoutes(app: FastifyInstance, context: ServerContext): void {
  app.get<{ Querystring: { mock?: string } }>('/api/commerce/shopping-cart', async (request) => {
    // mock=true answers an empty cart without looking anything up (a client's placeholder render).
    if (request.query.mock === 'true') return emptyCart(context);
    return readVisitorCart(context, request);
  });

  app.post('/api/commerce/shopping-cart/entries', async (request, reply) => addEntry(context, request, reply));

  app.put<{ Params: EntryParams }>('/api/commerce/shopping-cart/entries/:entryId/quantity', async (request) =>
    updateEntryQuantity(context, request, request.params.entryId),
  );

  app.put<{ Params: EntryParams }>('/api/commerce/shopping-cart/entries/:entryId/additionalFields', async (request) =>
    updateEntryAdditionalFields(context, request, request.params.entryId),
  );

  app.delete<{ Params: EntryParams }>('/api/commerce/shopping-cart/entries/:entryId', async (request) =>
    removeEntry(context, request, request.params.entryId),
  );

  app.post('/api/3/commerce/cart/subscription', async (request) => createSingleItemCart(context, request, 'subscription'));

  app.post('/api/commerce/express-checkout', async (request) => createSingleItemCart(context, request, 'express'));

  app.get<{ Querystring: { itemId?: string } }>('/api/commerce/inventory/stock/', async (request) =>
    listStock(context, request.query.itemId),
  );
}
