/** The site-settings domain: navigation, header and footer, multilingual, commerce preferences calls (issue 12), the tracking switches (issue 15), the site's identity (issue 33). */
export { registerSiteSettingsRoutes } from './routes';
export { addCollectionToMainNavigation } from './navigation';
export { NAVIGATION_MESSAGES, type StoredNavigationItem, type StoreForLink } from './navigation-rules';
export { editMainNavigation, readMainNavigation, type MainNavigation } from './main-navigation';
export { notifySiteChromeChanged, readSiteChrome, type SiteChrome } from './site-chrome';
/** The site's added languages (PUT /api/multilingual/languages): the pages' `/{lang}/` addresses and hreflang read them. */
export { readLanguages } from './queries';
export { sanitiseHtml } from './html-sanitiser';
export { identityPictureUser } from './picture-uses';
