/** The images domain: uploaded pictures, their resized variants and asset fields (issue 12). */
export { registerImageRoutes } from './routes';
