/** The API-keys domain: keys for headless use of the owner API, and the product feed (issue 12). */
export { registerApiKeyRoutes } from './routes';
