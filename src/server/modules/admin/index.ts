// The admin (studio) module's public surface: other modules and scripts import only from here.
export { setupLink } from './setup.js';
export { adminCommandSchema, adminSocketPath, runAdminCommand, sendAdminCommand, serveAdminSocket, type AdminCommand, type CommandResult } from './cli.js';
export { buildOverview } from './overview.service.js';
