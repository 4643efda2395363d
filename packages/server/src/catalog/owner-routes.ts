import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** The owner's catalog calls (issue 12): products, stock, inventory, stores and categories, CSV import and export. */
export function registerOwnerCatalogRoutes(_app: FastifyInstance, _context: ServerContext): void {}
