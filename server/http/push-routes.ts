import type { Hono } from 'hono';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { declare } from './route-rules';
import { IMPERSONATION_IDENTITY_REFUSED, mayChangeAccountIdentity } from '../auth/email-change';
import { isFcmToken, parseSubscription, saveFcmToken, saveSubscription, vapidKeys } from '../messages/push';

/**
 * Web push (issue 5):
 *   GET  /api/push/vapid-public-key → {publicKey}
 *   POST /api/fcm {subscription} (or the subscription itself, or {token: <subscription JSON>}) → {success}
 *                 {token: <registration token>} (01 §7) → {success}; kept per user (see saveFcmToken)
 */
export function mountPush(app: Hono, db: Db, config: Config): void {
  const deps = { db, config };
  declare(app, deps, { method: 'GET', path: '/api/push/vapid-public-key', access: 'public', scope: 'none' }, async (c) => c.json({ publicKey: (await vapidKeys(db)).publicKey }));

  // The subscription is kept for the viewer's own user (push_subscriptions: ownUserRowsScope).
  declare(app, deps, { method: 'POST', path: '/api/fcm', access: 'authenticated', scope: 'own' }, async (c, { viewer }) => {
    // Issue 20: a push subscription is where the user's notifications go; impersonation cannot add one
    // (the impersonator's browser would receive the impersonated user's messages).
    if (!mayChangeAccountIdentity(viewer)) return c.json({ success: false, reason: IMPERSONATION_IDENTITY_REFUSED }, 403);
    let body: unknown = null;
    try {
      body = await c.req.json();
    } catch {
      body = null;
    }
    const b = (body ?? {}) as { subscription?: unknown; token?: unknown };
    let candidate: unknown = b.subscription ?? body;
    if (typeof b.token === 'string') {
      // 01 §7: {token} is the cloud messaging service's registration token; a Web Push subscription may come as its JSON.
      if (!b.token.trim().startsWith('{')) {
        if (!isFcmToken(b.token)) return c.json({ success: false, reason: 'reasons.invalidPushToken' }, 400);
        await saveFcmToken(db, viewer, b.token, c.req.header('user-agent') ?? null);
        return c.json({ success: true, reason: null });
      }
      try {
        candidate = JSON.parse(b.token);
      } catch {
        candidate = null;
      }
    }
    const sub = parseSubscription(candidate);
    if (!sub) return c.json({ success: false, reason: 'reasons.invalidPushSubscription' }, 400);
    await saveSubscription(db, viewer, sub, c.req.header('user-agent') ?? null);
    return c.json({ success: true, reason: null });
  });
}
