// The contact module's public surface: the only file other modules may import.
export { contactRoutes } from './routes.js';
export { contactInbox, setContactHandled } from './service.js';
