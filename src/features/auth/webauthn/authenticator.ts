/**
 * The browser's WebAuthn calls for unlocking with the device's authenticator (issue 36): a platform credential
 * made with the PRF extension, and the PRF evaluated again with the stored salt. No server takes part: the
 * credential is a local key-derivation device, not a sign-in, so there is no challenge to verify (the random
 * challenge below is required by the API and checked by nobody) and the relying party is the page's own host.
 */

/** Why the authenticator gave no PRF output: the user cancelled or it timed out, it cannot do PRF, or it failed. */
export type AuthenticatorFailure = 'cancelled' | 'no-prf' | 'failed';

export type PrfResult = { ok: true; prf: Uint8Array<ArrayBuffer> } | { ok: false; reason: AuthenticatorFailure };

export type CreatedCredential =
  | { ok: true; credentialId: Uint8Array<ArrayBuffer>; prf: Uint8Array<ArrayBuffer> }
  | { ok: false; reason: AuthenticatorFailure };

const TIMEOUT_MS = 120_000;

/**
 * Whether this browser and device have a user-verifying platform authenticator (fingerprint, face, device PIN), and
 * do not say they lack PRF: browsers with `getClientCapabilities` (WebAuthn level 3) tell; older ones are tried.
 */
export async function platformAuthenticatorAvailable(): Promise<boolean> {
  try {
    if (typeof PublicKeyCredential === 'undefined' || !globalThis.navigator?.credentials) return false;
    if (!(await PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable())) return false;
    const capabilities = typeof PublicKeyCredential.getClientCapabilities === 'function' ? await PublicKeyCredential.getClientCapabilities().catch(() => null) : null;
    return capabilities?.['extension:prf'] !== false;
  } catch {
    return false;
  }
}

function failureOf(error: unknown): AuthenticatorFailure {
  // NotAllowedError: cancelled, timed out, or no user verification; AbortError: the page aborted it.
  if (error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError')) return 'cancelled';
  if (error instanceof DOMException && error.name === 'NotSupportedError') return 'no-prf';
  return 'failed';
}

function bytes(source: BufferSource | undefined): Uint8Array<ArrayBuffer> | null {
  if (!source) return null;
  const view = ArrayBuffer.isView(source) ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength) : new Uint8Array(source);
  return view.byteLength >= 32 ? new Uint8Array(view) : null;
}

function prfOf(credential: PublicKeyCredential): Uint8Array<ArrayBuffer> | null {
  return bytes(credential.getClientExtensionResults().prf?.results?.first);
}

function challenge(): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(32));
}

/** Evaluates the PRF of `credentialId` with `salt`, after the authenticator has verified the user. */
export async function evaluatePrf(credentialId: Uint8Array<ArrayBuffer>, salt: Uint8Array<ArrayBuffer>): Promise<PrfResult> {
  try {
    const credential = await navigator.credentials.get({
      publicKey: {
        challenge: challenge(),
        allowCredentials: [{ type: 'public-key', id: credentialId }],
        userVerification: 'required',
        timeout: TIMEOUT_MS,
        extensions: { prf: { eval: { first: salt } } },
      },
    });
    if (!(credential instanceof PublicKeyCredential)) return { ok: false, reason: 'failed' };
    const prf = prfOf(credential);
    return prf ? { ok: true, prf } : { ok: false, reason: 'no-prf' };
  } catch (error) {
    return { ok: false, reason: failureOf(error) };
  }
}

export interface CredentialUser {
  /** Stable per identity (so enrolling again replaces the authenticator's entry), nothing personal: a hash. */
  handle: Uint8Array<ArrayBuffer>;
  /** The username and name the device's own credential list shows. */
  name: string;
  displayName: string;
}

/**
 * Makes a platform credential with the PRF extension and answers its id and the PRF output for `salt`. When the
 * authenticator gives no PRF result at creation (many evaluate PRF only at an assertion), it is asked once more.
 */
export async function createPrfCredential(user: CredentialUser, appName: string, salt: Uint8Array<ArrayBuffer>): Promise<CreatedCredential> {
  let credential: Credential | null;
  try {
    credential = await navigator.credentials.create({
      publicKey: {
        challenge: challenge(),
        rp: { name: appName },
        user: { id: user.handle, name: user.name, displayName: user.displayName },
        pubKeyCredParams: [
          { type: 'public-key', alg: -7 },
          { type: 'public-key', alg: -257 },
        ],
        authenticatorSelection: { authenticatorAttachment: 'platform', userVerification: 'required', residentKey: 'preferred' },
        attestation: 'none',
        timeout: TIMEOUT_MS,
        extensions: { prf: { eval: { first: salt } } },
      },
    });
  } catch (error) {
    return { ok: false, reason: failureOf(error) };
  }
  if (!(credential instanceof PublicKeyCredential)) return { ok: false, reason: 'failed' };
  const credentialId = new Uint8Array(credential.rawId);
  const results = credential.getClientExtensionResults().prf;
  // The authenticator said it cannot do PRF: asking again would only bother the user a second time.
  if (results?.enabled === false) return { ok: false, reason: 'no-prf' };
  const prf = prfOf(credential);
  if (prf) return { ok: true, credentialId, prf };
  const again = await evaluatePrf(credentialId, salt);
  return again.ok ? { ok: true, credentialId, prf: again.prf } : again;
}
