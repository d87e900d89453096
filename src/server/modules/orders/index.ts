// The orders module's public surface (checkout, payments, fulfilment: decision 0005): the only file other modules may import.
export { orderRoutes } from './routes.js';
