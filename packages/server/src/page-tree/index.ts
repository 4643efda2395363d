/** The page-tree domain (issue 18): the site editor's tree of pages, kept in the main navigation (site-settings) over the content domain's pages. */
export { registerPageTreeRoutes } from './routes';
