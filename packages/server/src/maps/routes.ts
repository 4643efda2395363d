import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** The maps places proxy (issue 12): Google Places with a key, the offline gazetteer without. */
export function registerMapsRoutes(_app: FastifyInstance, _context: ServerContext): void {}
