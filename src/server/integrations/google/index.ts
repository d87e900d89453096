import { OAuth2Client } from 'google-auth-library';

export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string | undefined;
}

export interface GoogleVerifier {
  clientId: string;
  /** Verifies signature, audience, issuer and expiry; undefined when the token is not valid. */
  verify(idToken: string): Promise<GoogleIdentity | undefined>;
}

/** Google ID tokens checked with google-auth-library; `certsUrl` points at a local key server in tests. */
export function createGoogleVerifier(options: { clientId: string; certsUrl?: string }): GoogleVerifier {
  const client = new OAuth2Client({
    clientId: options.clientId,
    ...(options.certsUrl ? { endpoints: { oauth2FederatedSignonPemCertsUrl: options.certsUrl } } : {}),
  });
  return {
    clientId: options.clientId,
    async verify(idToken) {
      try {
        const ticket = await client.verifyIdToken({ idToken, audience: options.clientId });
        const payload = ticket.getPayload();
        if (!payload?.sub || !payload.email) return undefined;
        return {
          subject: payload.sub,
          email: payload.email,
          emailVerified: payload.email_verified === true,
          name: payload.name ?? payload.email.split('@')[0] ?? 'Student',
          picture: payload.picture,
        };
      } catch {
        return undefined;
      }
    },
  };
}
