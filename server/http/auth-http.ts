import type { Context } from 'hono';
import { UNSTORABLE_TEXT } from './unstorable';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { AuthSettings } from '../auth/settings';
import { ACCESS_TOKEN_COOKIE, IDENTITY_CHAIN_COOKIE } from '../../src/domain/shared/constants';
import { formatIdentityChain } from '../../src/domain/auth/identity-chain';
import { authErrorStatus, type AuthErrorCode, type OAuthErrorCode } from '../../src/domain/auth/error-codes';
import { authErrorReason, type ReasonParams } from '../../src/domain/auth/reasons';

/** Over https, or behind a trusted proxy that says the client used https. */
export function isHttps(c: Context, settings: AuthSettings): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  return settings.trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}

/**
 * The access-token cookie: HttpOnly (no script reads it), SameSite=Strict, path /. It lives exactly as
 * long as the server session (Max-Age and Expires = the session's expiry), so closing the browser does
 * not end a session the server still holds (issue 18: the device opens again after a restart); the
 * sliding renewal sends it again with the new expiry (refreshAccessTokenCookie).
 * Over https it is `__Host-access_token` and Secure; over plain http (localhost) `access_token`.
 */
export function setAccessTokenCookie(c: Context, settings: AuthSettings, token: string, expiresAt: Date): void {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - settings.now().getTime()) / 1000));
  const lifetime = { maxAge, expires: expiresAt };
  if (isHttps(c, settings)) {
    setCookie(c, ACCESS_TOKEN_COOKIE, token, { httpOnly: true, sameSite: 'Strict', path: '/', secure: true, prefix: 'host', ...lifetime });
  } else {
    setCookie(c, ACCESS_TOKEN_COOKIE, token, { httpOnly: true, sameSite: 'Strict', path: '/', secure: false, ...lifetime });
  }
}

/**
 * The identity chain cookie is the client's (not HttpOnly); the server keeps it in step when it answers a new chain.
 * It stays a browser-session cookie on purpose: a restart ends an impersonation and the device opens as the
 * signed-in user (docs/decisions-offline-unlock.md).
 */
export function setIdentityChainCookie(c: Context, settings: AuthSettings, chain: readonly number[]): void {
  if (chain.length === 0) {
    deleteCookie(c, IDENTITY_CHAIN_COOKIE, { path: '/', secure: isHttps(c, settings), sameSite: 'Strict' });
    return;
  }
  setCookie(c, IDENTITY_CHAIN_COOKIE, formatIdentityChain(chain), { sameSite: 'Strict', path: '/', secure: isHttps(c, settings) });
}

export function clearAuthCookies(c: Context, settings: AuthSettings): void {
  const secure = isHttps(c, settings);
  if (secure) deleteCookie(c, ACCESS_TOKEN_COOKIE, { path: '/', secure: true, httpOnly: true, sameSite: 'Strict', prefix: 'host' });
  deleteCookie(c, ACCESS_TOKEN_COOKIE, { path: '/', secure, httpOnly: true, sameSite: 'Strict' });
  deleteCookie(c, IDENTITY_CHAIN_COOKIE, { path: '/', secure, sameSite: 'Strict' });
}

type Status = 400 | 401 | 403 | 404 | 429 | 503;

/**
 * The body of an OAuth-style REST error: `{error, message, messageKey, params?, hint?}`. `error` is the
 * wire code, `messageKey` the reason code (an i18n key) with its `params`; `message` is kept for API
 * clients and holds the same reason code (the server writes no sentences; docs/decisions.md).
 */
export function restErrorBody(error: string, messageKey: string, params?: ReasonParams, hint?: string): Record<string, unknown> {
  return { error, message: messageKey, messageKey, ...(params ? { params } : {}), ...(hint ? { hint } : {}) };
}

/** An OAuth-style REST error (see restErrorBody). */
export function restError(
  c: Context,
  status: Status,
  error: AuthErrorCode | OAuthErrorCode,
  options: { messageKey?: string; params?: ReasonParams; hint?: string } = {},
): Response {
  c.header('cache-control', 'no-store');
  return c.json(restErrorBody(error, options.messageKey ?? authErrorReason[error], options.params, options.hint), status);
}

/** A wire code of 01 §8 on REST, with its status. */
export function restAuthError(c: Context, code: AuthErrorCode, hint?: string): Response {
  return restError(c, authErrorStatus[code], code, hint ? { hint } : {});
}

/** The same as restAuthError, as a plain Response (for middleware, whose context type differs). */
export function authErrorResponse(code: AuthErrorCode, hint?: string): Response {
  return new Response(JSON.stringify(restErrorBody(code, authErrorReason[code], undefined, hint)), {
    status: authErrorStatus[code],
    headers: { 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'no-store' },
  });
}

/** Body fields of a form-encoded, multipart or JSON request, as strings (other values are kept as they are). A field holding a NUL character is dropped. */
export async function readInput(c: Context): Promise<Record<string, unknown>> {
  const raw = await readRawInput(c);
  return Object.fromEntries(Object.entries(raw).filter(([, value]) => !(typeof value === 'string' && UNSTORABLE_TEXT.test(value))));
}

async function readRawInput(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  try {
    if (type.includes('application/json')) {
      const body: unknown = await c.req.json();
      return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    }
    if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      const body = await c.req.parseBody();
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(body)) out[key] = typeof value === 'string' ? value : undefined;
      return out;
    }
  } catch {
    return {};
  }
  return {};
}
