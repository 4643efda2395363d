import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { placeDetailsContract, placesAutocompleteContract, RATE_LIMIT_MESSAGE } from '@vitrine/contracts';
import type { SharedParts } from '../shared';
import { clientAddressKey } from '../http/client-address';
import { HttpError } from '../http/errors';
import { DatabaseRateLimitStore, hitSlidingWindow } from '../http/rate-limit';
import { GOOGLE_MAPS_API_BASE, PlacesUnavailable } from './google-places';
import { placeDetails, placesAutocomplete, type PlacesConfig } from './places';

export const PLACES_UNAVAILABLE_MESSAGE = 'Place search is not available right now. Please type the address.';

/** Per client address, over both calls: typing an address costs a call a keystroke or so. */
export const PLACES_RATE_LIMIT = { max: 120, windowMs: 60_000 };

/** The places proxy's settings, from the environment (server README, "Environment"). */
export function placesConfigFromEnvironment(env: NodeJS.ProcessEnv = process.env): PlacesConfig {
  const apiKey = env.GOOGLE_MAPS_API_KEY?.trim();
  return { google: apiKey ? { apiKey, baseUrl: env.GOOGLE_MAPS_API_BASE?.trim() || GOOGLE_MAPS_API_BASE } : undefined };
}

/** The maps places proxy (issue 12): Google Places with a key, the offline gazetteer without. Public, rate limited. */
export function registerMapsRoutes(fastify: FastifyInstance, { db }: SharedParts): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = placesConfigFromEnvironment();
  const max = Number(process.env.PLACES_RATE_LIMIT_PER_MINUTE) || PLACES_RATE_LIMIT.max;
  // The app-wide limiter counts state changes only; these GETs spend a third party's quota (or CPU), so they get their own.
  const store = new DatabaseRateLimitStore(db);
  const limitPlaces = async (request: FastifyRequest, reply: FastifyReply) => {
    const at = Date.now();
    const { hits, retryAfterSeconds } = await hitSlidingWindow(store, `places:${clientAddressKey(request.ip)}`, PLACES_RATE_LIMIT.windowMs, at);
    if (hits > max) {
      reply.header('retry-after', String(retryAfterSeconds));
      throw new HttpError(429, RATE_LIMIT_MESSAGE);
    }
  };
  const unavailableAs502 = async <T>(work: Promise<T>): Promise<T> => {
    try {
      return await work;
    } catch (error) {
      if (error instanceof PlacesUnavailable) throw new HttpError(502, PLACES_UNAVAILABLE_MESSAGE);
      throw error;
    }
  };

  app.route({ ...placesAutocompleteContract, onRequest: limitPlaces, handler: async ({ query }) => unavailableAs502(placesAutocomplete(config, query)) });
  app.route({ ...placeDetailsContract, onRequest: limitPlaces, handler: async ({ query }) => unavailableAs502(placeDetails(config, query)) });
}
