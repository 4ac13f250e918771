import type { Hono } from 'hono';
import * as v from 'valibot';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { authSettings } from '../auth/settings';
import { requestPasswordReset } from '../auth/password-reset';
import { invitationByToken } from '../auth/invitations';
import { PasswordResetRequestSchema, LinkTokenSchema } from '../../src/domain/auth/schemas';
import { readInput, restError } from './auth-http';
import { clientIp } from './client-ip';

/**
 * POST /api/passwordreset  form: username (a username or an e-mail address)
 *   → always 200 {success: true, message: 'auth.passwordResetSent'} (the same answer whether or not the account exists;
 *     message is a reason code the client translates)
 * GET /api/invitations/:token → {state: valid|expired|revoked|used|not_found, username, email, givenName, surname, timeExpire}
 *   (names only while valid); also available as the graph query invitationByToken(token).
 */
export function mountPasswordRoutes(app: Hono, db: Db, config: Config): void {
  app.post('/api/passwordreset', async (c) => {
    const parsed = v.safeParse(PasswordResetRequestSchema, await readInput(c));
    if (!parsed.success) return restError(c, 400, 'invalid_request', { messageKey: 'validation.required', params: { field: 'username' } });
    await requestPasswordReset(db, config, authSettings(config), parsed.output.username, clientIp(c));
    return c.json({ success: true, message: 'auth.passwordResetSent' });
  });

  app.get('/api/invitations/:token', async (c) => {
    const token = c.req.param('token');
    c.header('cache-control', 'no-store');
    if (!v.is(LinkTokenSchema, token)) return c.json({ state: 'not_found', username: null, email: null, givenName: null, surname: null, timeExpire: null });
    return c.json(await invitationByToken(db, authSettings(config), token));
  });
}
