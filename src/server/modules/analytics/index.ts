// The analytics module's public surface: the only file other modules may import.
export { funnelCounts } from './service.js';
