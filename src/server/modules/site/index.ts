// The site module's public surface: the only file other modules may import.
export { siteRoutes } from './routes.js';
