import type { Hono } from 'hono';
import * as v from 'valibot';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { authSettings } from '../auth/settings';
import { beginMfaSetup, confirmMfaSetup, verifyMfaCode, type MfaCodeOutcome } from '../auth/mfa';
import { MfaCodeSchema, MfaSecretRequestSchema } from '../../src/domain/auth/schemas';
import type { NextStep } from '../../src/domain/auth/error-codes';
import { clearAuthCookies, readInput, restError } from './auth-http';
import { clientIp } from './client-ip';
import { declare } from './route-rules';

/**
 * Two-step authentication (TOTP, six digits). All act on the signed-in (real) user's session and are
 * open while the second factor is still owed.
 * POST /api/oauth/mfa/secret {password} → {secret, otpauthUri, qrCodeDataUrl} (only while not set up; the password
 *                                    again, a wrong one counts as a failed sign-in: 400 invalid_grant, 429 account_locked)
 * POST /api/oauth/mfa/setup {code}   → {success: true, next} ; enrolment confirmed, session validated
 * POST /api/oauth/mfa/verify {code}  → {success: true, next} ; session validated
 *   errors: 400 invalid_request | mfa_code_invalid | mfa_already_set_up | mfa_not_set_up;
 *           401 mfa_too_many_attempts (the session has ended, cookies cleared) | no_current_user | token codes
 */
export function mountOAuthMfaRoutes(app: Hono, db: Db, config: Config): void {
  const deps = { db, config };
  // access 'session': the signed-in user's own session, also while the second factor is still owed.
  declare(app, deps, { method: 'POST', path: '/api/oauth/mfa/secret', access: 'session', scope: 'own', handlerBody: MfaSecretRequestSchema }, async (c, { session }) => {
    const parsed = v.safeParse(MfaSecretRequestSchema, await readInput(c));
    if (!parsed.success) return restError(c, 400, 'invalid_request', { messageKey: 'validation.required', params: { field: 'password' } });
    const settings = authSettings(config);
    const data = await beginMfaSetup(db, settings, session.userId, parsed.output.password, clientIp(c));
    if (data === 'already_set_up') return restError(c, 400, 'mfa_already_set_up');
    if (data === 'password_incorrect') return restError(c, 400, 'invalid_grant', { messageKey: 'auth.validation.password.oldIncorrect' });
    if (data === 'locked') return restError(c, 429, 'account_locked', { params: { minutes: settings.lockMinutes } });
    c.header('cache-control', 'no-store');
    return c.json(data);
  });

  const codeRoute = (path: string, check: typeof verifyMfaCode) =>
    declare(app, deps, { method: 'POST', path, access: 'session', scope: 'own', handlerBody: MfaCodeSchema }, async (c, { session }) => {
      const parsed = v.safeParse(MfaCodeSchema, await readInput(c));
      if (!parsed.success) return restError(c, 400, 'invalid_request', { messageKey: 'auth.validation.mfaCode' });
      const settings = authSettings(config);
      const outcome: MfaCodeOutcome = await check(db, settings, session, parsed.output.code, clientIp(c));
      if (!outcome.ok) {
        if (outcome.error === 'mfa_too_many_attempts') {
          clearAuthCookies(c, settings);
          return restError(c, 401, outcome.error);
        }
        return restError(c, 400, outcome.error, outcome.reused ? { hint: 'Code already used' } : {});
      }
      const next: NextStep[] = session.passwordValidated ? [] : ['password_change_required'];
      return c.json({ success: true, next });
    });
  codeRoute('/api/oauth/mfa/setup', confirmMfaSetup);
  codeRoute('/api/oauth/mfa/verify', verifyMfaCode);
}
