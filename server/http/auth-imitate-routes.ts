import type { Hono } from 'hono';
import * as v from 'valibot';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { authSettings } from '../auth/settings';
import { authenticateRequest } from '../auth/authenticate';
import { chainFromRequest, imitationStep } from '../auth/impersonation';
import { audit } from '../auth/audit';
import { ImitateSchema } from '../../src/domain/auth/schemas';
import { readInput, restAuthError, restError, setIdentityChainCookie } from './auth-http';
import { clientIp } from './client-ip';
import { declare } from './route-rules';

/**
 * Impersonation (01 §4, §6). The request carries the current chain (identity_chain cookie + x-imitate-user).
 * POST /api/imitate {userId, clean?}  → {success: true, chain, userId}; clean: true starts from the real user.
 *   403 imitation_forbidden | sa_imitation_forbidden; audit 'impersonation.start' (or '.refused').
 * POST /api/imitate/stop              → {success: true, chain}: one step back; audit 'impersonation.stop'.
 * Both also set the identity_chain cookie to the new chain; the client then sends x-imitate-user: <last id>.
 */
export function mountImitateRoutes(app: Hono, db: Db, config: Config): void {
  const deps = { db, config };
  // Signed in; the target user is checked by imitationStep (same company, the imitation options, never a super administrator).
  declare(app, deps, { method: 'POST', path: '/api/imitate', access: 'authenticated', scope: 'company', handlerBody: ImitateSchema }, async (c) => {
    const settings = authSettings(config);
    const result = await authenticateRequest(db, c.req.raw, settings);
    if (result.kind !== 'viewer') return restAuthError(c, result.kind === 'anonymous' ? 'no_current_user' : result.code);
    const parsed = v.safeParse(ImitateSchema, await readInput(c));
    if (!parsed.success) return restError(c, 400, 'invalid_request');
    const from = parsed.output.clean ? result.real : result.viewer;
    const step = await imitationStep(db, from, parsed.output.userId);
    const ip = clientIp(c);
    if (!step.ok) {
      await audit(db, {
        action: 'impersonation.refused',
        companyId: result.real.companyId,
        userId: result.real.userId,
        onBehalfOfUserId: null,
        subjectType: 'user',
        subjectId: parsed.output.userId,
        details: { chain: from.chain, code: step.code },
        ip,
      });
      return restAuthError(c, step.code);
    }
    await audit(db, {
      action: 'impersonation.start',
      companyId: step.viewer.companyId,
      userId: step.viewer.realUserId,
      onBehalfOfUserId: step.viewer.userId,
      details: { chain: step.viewer.chain },
      ip,
    });
    setIdentityChainCookie(c, settings, step.viewer.chain);
    return c.json({ success: true, chain: step.viewer.chain, userId: step.viewer.userId });
  });

  // Public: a chain that is no longer allowed (or a session that ended) can always be left; only the request's own chain changes.
  declare(app, deps, { method: 'POST', path: '/api/imitate/stop', access: 'public', scope: 'own' }, async (c) => {
    const settings = authSettings(config);
    const result = await authenticateRequest(db, c.req.raw, settings);
    if (result.kind === 'anonymous') return restAuthError(c, 'no_current_user');
    if (result.kind === 'error' && result.code !== 'imitation_forbidden' && result.code !== 'sa_imitation_forbidden') {
      return restAuthError(c, result.code, result.hint);
    }
    if (result.kind === 'mfa_pending' || result.kind === 'password_pending') return restAuthError(c, result.code);
    // A chain that is no longer allowed can always be left.
    const chain = result.kind === 'viewer' ? result.viewer.chain : (chainFromRequest(c.req.raw) ?? []);
    const next = chain.slice(0, -1);
    if (result.kind === 'viewer' && chain.length > 0) {
      await audit(db, {
        action: 'impersonation.stop',
        companyId: result.real.companyId,
        userId: result.real.userId,
        onBehalfOfUserId: chain[chain.length - 1] ?? null,
        details: { chain: next },
        ip: clientIp(c),
      });
    }
    setIdentityChainCookie(c, settings, next);
    return c.json({ success: true, chain: next });
  });
}
