/** The site-settings domain: navigation, header and footer, multilingual, commerce preferences calls (issue 12). */
export { registerSiteSettingsRoutes } from './routes';
