import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** Images (issue 12): upload, resized variants, asset fields. */
export function registerImageRoutes(_app: FastifyInstance, _context: ServerContext): void {}
