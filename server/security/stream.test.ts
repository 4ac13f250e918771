import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp } from '../graph/testing/demo-app';
import { hashToken } from '../auth/session';

/**
 * Issue 20, "the live stream outlives an ended impersonation": the heartbeat's re-check reused the first
 * (memoised, cached) answer, and would outlive session expiry too.
 */
process.env.WERKPAD_STREAM_HEARTBEAT_MS = '100';
let t: DemoApp;
beforeAll(async () => {
  t = await createDemoApp();
}, 900_000);
afterAll(async () => {
  await t.db.close();
});

async function openStream(headers: Record<string, string>): Promise<{ ended: Promise<string> }> {
  const res = await t.app.request('/api/v2/stream', { headers });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const ended = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return text;
      text += decoder.decode(value);
    }
  })();
  // the stream is open and beating
  for (let i = 0; i < 200 && !text.includes('heartbeat'); i++) await new Promise((r) => setTimeout(r, 50));
  expect(text).toContain('event: ready');
  return { ended };
}

describe('the live stream re-checks session and chain at every heartbeat', () => {
  it('ends when the impersonation is no longer allowed', async () => {
    const admin = await t.tokenOf('admin');
    const manager = await t.userId('manager');
    const { ended } = await openStream({ authorization: `Bearer ${admin}`, 'x-imitate-user': String(manager) });
    await t.db.query('DELETE FROM user_imitation_options WHERE user_id = $1 AND target_user_id = $2', [await t.userId('admin'), manager]);
    const text = await ended;
    expect(text).toContain('event: ended');
  });

  it('ends when the session expired, and the heartbeats do not extend it', async () => {
    const token = await t.tokenOf('coach');
    const { ended } = await openStream({ authorization: `Bearer ${token}` });
    await t.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [hashToken(token)]);
    const text = await ended;
    expect(text).toContain('event: ended');
    const { rows } = await t.db.query<{ expired: boolean }>('SELECT expires_at <= now() AS expired FROM sessions WHERE id = $1', [hashToken(token)]);
    expect(rows[0]?.expired).toBe(true);
  });
});
