import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { placeOrder } from './checkout';

export function registerOrderRoutes(app: FastifyInstance, context: ServerContext): void {
  app.post('/api/commerce/orders', async (request, reply) => placeOrder(context, request, reply));
}
