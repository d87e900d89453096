// The cart module's public surface: the only file other modules may import.
export { cartRoutes } from './routes.js';
export { abandonedCarts, clearPurchasedCourses, getCartCourseIds } from './service.js';
