/** The maps domain: the places proxy and its offline gazetteer (issue 12). */
export { registerMapsRoutes } from './routes';
export { loadGazetteer, normalisePlaceName } from './gazetteer';
