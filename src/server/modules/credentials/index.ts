// The credentials module's public surface: the signing key, its JWKS, and Open Badges 3.0
// credentials signed with it (decision 0013). Other modules import only from here.
export { newPrivateJwk } from './keys.js';
export {
  buildOpenBadge,
  CREDENTIAL_MEDIA_TYPE,
  credentialContexts,
  JWKS_PATH,
  signOpenBadge,
  credentialChecksOut,
  verifyOpenBadge,
  type AchievementInput,
  type CredentialsDeps,
  type OpenBadgeCredential,
  type OpenBadgeInput,
} from './open-badge.js';
