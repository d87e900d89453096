// The development tools (never in production): the only file other modules may import.
export { registerDevMailbox } from './routes.js';
