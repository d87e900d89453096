// The contact module's public surface: the only file other modules may import.
export { contactInbox, setContactHandled } from './service.js';
