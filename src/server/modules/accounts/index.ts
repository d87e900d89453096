// The accounts module's public surface: the only file other modules, app.ts, scripts and test helpers may import.
export { verifyAccessToken } from './access-token.js';
export type { PublicUser } from './queries.js';
export {
  blockedUserIds,
  createFirstAdmin,
  createSetupToken,
  createUser,
  findUserIds,
  firstAdmin,
  getPublicUser,
  getPublicUserByEmail,
  getPublicUsers,
  hasAdmin,
  issueTokens,
  recordPurchase,
  listUsersForStudio,
  newStudentsByDay,
  sendVerificationEmail,
  setAdmin,
  setBlocked,
  setupState,
  toUserDetails,
  SETUP_TOKEN_TTL_SECONDS,
  type AccountsDeps,
  type NewUser,
} from './service.js';
