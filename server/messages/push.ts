import webpush from 'web-push';
import { isKnownPushEndpoint, pushAgent } from './push-endpoint';
import type { Db } from '../db/db';
import type { Config } from '../config';
import type { Viewer } from '../auth/viewer';
import type { Party } from './reach';
import { serverText } from '../i18n/texts';

/**
 * Web push (the spec's Firebase token call becomes POST /api/fcm with a web-push subscription).
 * The VAPID key pair is generated on first use and kept in the database, so every server process
 * signs with the same keys. Sending goes through `webpush.sendNotification` (the tests spy on it).
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export async function vapidKeys(db: Db): Promise<VapidKeys> {
  const read = async () =>
    (await db.query<{ public_key: string; private_key: string }>('SELECT public_key, private_key FROM push_vapid_keys WHERE id = 1')).rows[0];
  let row = await read();
  if (!row) {
    const fresh = webpush.generateVAPIDKeys();
    // Two processes starting at once: the first insert wins, both read the same keys.
    await db.query('INSERT INTO push_vapid_keys (id, public_key, private_key) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING', [
      fresh.publicKey,
      fresh.privateKey,
    ]);
    row = await read();
  }
  if (!row) throw new Error('VAPID keys could not be stored');
  return { publicKey: row.public_key, privateKey: row.private_key };
}

export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export function parseSubscription(value: unknown): SubscriptionInput | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  if (typeof v.endpoint !== 'string' || v.endpoint.length > 2000 || !isKnownPushEndpoint(v.endpoint)) return null;
  if (typeof v.keys?.p256dh !== 'string' || typeof v.keys.auth !== 'string') return null;
  return { endpoint: v.endpoint, keys: { p256dh: v.keys.p256dh, auth: v.keys.auth } };
}

/** A cloud messaging registration token (01 §7 `POST fcm {token}`): URL-safe characters, 20 to 4096 long. */
export function isFcmToken(value: string): boolean {
  return /^[A-Za-z0-9_:-]{20,4096}$/.test(value);
}

/**
 * Stores (or moves to this user) a registration token of the cloud messaging service, in push_subscriptions
 * with the endpoint `fcm:<token>` and no keys. Web Push is what this server sends; the tokens are kept for a
 * sender of that service (none is configured in this installation: notifyRecipient skips them).
 */
export async function saveFcmToken(db: Db, viewer: Viewer, token: string, userAgent: string | null): Promise<void> {
  await db.query(
    `WITH moved AS (DELETE FROM push_subscriptions WHERE endpoint = $3 AND company_id <> $1)
     INSERT INTO push_subscriptions (company_id, user_id, endpoint, keys, user_agent) VALUES ($1, $2, $3, '{}'::jsonb, $4)
     ON CONFLICT (company_id, endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, user_agent = EXCLUDED.user_agent`,
    [viewer.companyId, viewer.realUserId, `fcm:${token}`, userAgent?.slice(0, 500) ?? null],
  );
}

/**
 * Stores (or moves to this user) a subscription. The endpoint is unique per organisation (Citus-ready key);
 * the same statement removes it from any other organisation, so a browser still reaches only the account
 * that subscribed last.
 */
export async function saveSubscription(db: Db, viewer: Viewer, sub: SubscriptionInput, userAgent: string | null): Promise<void> {
  await db.query(
    `WITH moved AS (DELETE FROM push_subscriptions WHERE endpoint = $3 AND company_id <> $1)
     INSERT INTO push_subscriptions (company_id, user_id, endpoint, keys, user_agent) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (company_id, endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, keys = EXCLUDED.keys,
       user_agent = EXCLUDED.user_agent`,
    [viewer.companyId, viewer.realUserId === viewer.userId ? viewer.userId : viewer.realUserId, sub.endpoint, JSON.stringify(sub.keys), userAgent?.slice(0, 500) ?? null],
  );
}

export interface PushMessage {
  uuid: string;
  subject: string;
  senderName: string;
}

/**
 * Sends a push to every subscription of the recipient (a participant through their login). Failures are
 * logged; subscriptions the push service calls gone (404, 410) are removed. Never throws.
 */
export async function notifyRecipient(db: Db, config: Config, companyId: number, to: Party, message: PushMessage): Promise<number> {
  try {
    const { rows: users } =
      'userId' in to
        ? { rows: [{ user_id: to.userId }] }
        : await db.query<{ user_id: number | null }>('SELECT user_id FROM participants WHERE id = $1 AND company_id = $2', [to.participantId, companyId]);
    const userId = users[0]?.user_id;
    if (!userId) return 0;
    const { rows: subs } = await db.query<{ id: number; endpoint: string; keys: { p256dh: string; auth: string } }>(
      "SELECT id, endpoint, keys FROM push_subscriptions WHERE user_id = $1 AND company_id = $2 AND endpoint NOT LIKE 'fcm:%'",
      [userId, companyId],
    );
    if (subs.length === 0) return 0;
    const keys = await vapidKeys(db);
    const payload = JSON.stringify({
      title: message.senderName ? serverText('push.newMessageFrom', { name: message.senderName }) : serverText('push.newMessage'),
      body: message.subject,
      url: `/berichten?open=${message.uuid}`,
      tag: `message-${message.uuid}`,
    });
    let sent = 0;
    for (const s of subs) {
      try {
        // Checked again at send time: a known push service, resolved to public addresses only (issue 20).
        if (!isKnownPushEndpoint(s.endpoint)) {
          await db.query('DELETE FROM push_subscriptions WHERE id = $1', [s.id]);
          continue;
        }
        await webpush.sendNotification({ endpoint: s.endpoint, keys: s.keys }, payload, {
          agent: pushAgent(),
          vapidDetails: { subject: config.publicUrl.startsWith('https:') ? config.publicUrl : 'mailto:support@werkpad.nl', ...keys },
          TTL: 24 * 60 * 60,
        });
        sent++;
        await db.query('UPDATE push_subscriptions SET last_used_at = now() WHERE id = $1', [s.id]);
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) {
          await db.query('DELETE FROM push_subscriptions WHERE id = $1', [s.id]);
        } else {
          console.warn(`web push to subscription ${s.id} failed:`, status ?? (err as Error).message);
        }
      }
    }
    return sent;
  } catch (err) {
    console.warn('web push failed:', (err as Error).message);
    return 0;
  }
}
