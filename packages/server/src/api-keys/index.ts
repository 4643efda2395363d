/** The API-keys domain: keys for headless use of the owner API (table api_keys), and the product feed (table product_feeds). */
export { registerApiKeyRoutes } from './routes';
export { authenticateApiKey, API_KEY_SERVICE_MESSAGES, LAST_USED_RESOLUTION_MS } from './service';
export { bearerTokenOf, isApiKeyFormat } from './key-format';
export { countApiKeyCall, DEFAULT_API_KEY_RATE_LIMIT, API_KEY_RATE_LIMIT_MESSAGE, type ApiKeyRateLimit } from './key-rate-limit';
