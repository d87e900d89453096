// The accounts module's public surface: the only file other modules, app.ts, scripts and test helpers may import.
export { verifyAccessToken } from './access-token.js';
export type { PublicUser } from './queries.js';
export { accountRoutes } from './routes.js';
export { createUser, getPublicUser, getPublicUserByEmail, issueTokens, sendVerificationEmail, type AccountsDeps, type NewUser } from './service.js';
