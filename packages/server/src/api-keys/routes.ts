import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** The API keys panel's calls and the product feed (issue 12). */
export function registerApiKeyRoutes(_app: FastifyInstance, _context: ServerContext): void {}
