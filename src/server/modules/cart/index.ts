// The cart module's public surface: the only file other modules may import.
export { abandonedCarts, cartContents, clearPurchasedCourses, getCartBundleIds, getCartCourseIds } from './service.js';
