// The analytics module's public surface: the only file other modules may import.
export { analyticsRoutes } from './routes.js';
export { funnelCounts } from './service.js';
