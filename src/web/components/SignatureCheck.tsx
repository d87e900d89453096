/** What the server's check of a credential's signature against the site's published keys found (a certificate's or a letter's). */
export function SignatureCheck({ verified }: { verified: boolean }) {
  return verified ? (
    <p className="mb-2 text-success-emphasis">
      <i className="bi bi-shield-check me-1" aria-hidden="true" />
      Signature verified with this site&apos;s published key.
    </p>
  ) : (
    <p className="mb-2 text-danger-emphasis">
      <i className="bi bi-shield-exclamation me-1" aria-hidden="true" />
      The signature could not be checked against this site&apos;s published keys.
    </p>
  );
}
