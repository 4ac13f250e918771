import { parseNextSteps, setPendingSteps } from '../../lib/api/auth-flow-state';
import { reasonParams, type ReasonParams } from '../../lib/api/api-error';

export type SignInResult =
  | { ok: true }
  | { ok: false; reason: 'rejected'; messageKey: string | null; params: ReasonParams | null; code: string | null }
  | { ok: false; reason: 'network' };

function stringField(body: unknown, key: string): string | null {
  if (typeof body !== 'object' || body === null || !(key in body)) return null;
  const value: unknown = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * The password grant (01 §7): `POST /api/oauth/token`, form-encoded. The server sets the session
 * cookie; on failure the answer's reason code (`messageKey`, with `params`) is what the user sees, translated.
 */
export async function signInWithPassword(username: string, password: string): Promise<SignInResult> {
  let response: Response;
  try {
    response = await fetch('/api/oauth/token', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
    });
  } catch {
    return { ok: false, reason: 'network' };
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (response.ok) {
    // What the user still owes (two-step, a password change); src/features/auth/sign-in-flow.ts follows it.
    setPendingSteps(parseNextSteps(body));
    return { ok: true };
  }
  const params = typeof body === 'object' && body !== null && 'params' in body ? reasonParams(body.params) : null;
  return { ok: false, reason: 'rejected', messageKey: stringField(body, 'messageKey'), params, code: stringField(body, 'error') };
}
