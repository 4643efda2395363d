import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** The owner's order calls (issue 12): list, detail, fulfil, cancel, refund, CSV export. */
export function registerOwnerOrderRoutes(_app: FastifyInstance, _context: ServerContext): void {}
