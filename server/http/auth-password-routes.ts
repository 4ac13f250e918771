import type { Hono } from 'hono';
import * as v from 'valibot';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { authSettings } from '../auth/settings';
import { requestPasswordReset } from '../auth/password-reset';
import { retryAfterSeconds } from '../auth/anonymous-audit';
import { invitationByToken } from '../auth/invitations';
import { PasswordResetRequestSchema, LinkTokenSchema } from '../../src/domain/auth/schemas';
import { readInput, restError } from './auth-http';
import { clientIp } from './client-ip';
import { declare } from './route-rules';

/**
 * POST /api/passwordreset  form: username (a username or an e-mail address)
 *   → always 200 {success: true, message: 'auth.passwordResetSent'} (the same answer whether or not the account exists;
 *     message is a reason code the client translates); 429 account_locked with Retry-After while the address waits
 * GET /api/invitations/:token → {state: valid|expired|revoked|used|not_found, username, email, givenName, surname, timeExpire}
 *   (names only while valid); also available as the graph query invitationByToken(token).
 */
export function mountPasswordRoutes(app: Hono, db: Db, config: Config): void {
  const deps = { db, config };
  declare(app, deps, { method: 'POST', path: '/api/passwordreset', access: 'public', scope: 'none', handlerBody: PasswordResetRequestSchema }, async (c) => {
    const parsed = v.safeParse(PasswordResetRequestSchema, await readInput(c));
    if (!parsed.success) return restError(c, 400, 'invalid_request', { messageKey: 'validation.required', params: { field: 'username' } });
    const settings = authSettings(config);
    // Past the address's free requests: 429 with Retry-After (the wait depends on the address, never on the account).
    const wait = await requestPasswordReset(db, config, settings, parsed.output.username, clientIp(c));
    if (wait) {
      const seconds = retryAfterSeconds(wait, settings.now());
      c.header('retry-after', String(seconds));
      return restError(c, 429, 'account_locked', { params: { minutes: Math.ceil(seconds / 60) } });
    }
    return c.json({ success: true, message: 'auth.passwordResetSent' });
  });

  // Public: the link's token is the permission; it reaches only its own invitation.
  declare(app, deps, { method: 'GET', path: '/api/invitations/:token', access: 'public', scope: 'own' }, async (c, { params }) => {
    const token = params.token ?? '';
    c.header('cache-control', 'no-store');
    if (!v.is(LinkTokenSchema, token)) return c.json({ state: 'not_found', username: null, email: null, givenName: null, surname: null, timeExpire: null });
    return c.json(await invitationByToken(db, authSettings(config), token));
  });
}
