import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** Site settings at the platform's paths (issue 12): commerce preferences, navigation, header and footer, multilingual, website status. */
export function registerSiteSettingsRoutes(_app: FastifyInstance, _context: ServerContext): void {}
