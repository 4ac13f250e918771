/**
 * Live pokes of messages reach their parties only (issue 25; 014_message_pokes.sql, server/sync/changes.ts):
 * a message is in the scope of its sender and recipient alone, so the streams of other users of the
 * company are not poked by it (every poke makes a client pull: with company-wide pokes one message cost
 * every connected user of the company a pull). Changes of other tables still poke the whole company.
 * Runs on PGlite, and on PostgreSQL with WERKPAD_TEST_DB=postgres.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSyncFixture, type SyncFixture } from './test-fixture';
import { changeHub } from './changes';
import type { CollectionName } from '../../src/domain/sync/collections';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';

let f: SyncFixture;
beforeAll(async () => {
  f = await createSyncFixture();
}, 300_000);
afterAll(async () => {
  if (!f) return;
  await changeHub(f.db).close();
  await f.db.close();
});

const waitFor = <T>(check: () => T) => vi.waitFor(check, { timeout: 20_000, interval: 25 });

describe('pokes of a message', () => {
  it('reach the sender and the recipient, not the other users of the company; other changes reach everyone; a moved message pokes its old and new recipient', async () => {
    const [admin, coach] = [f.users[0]!, f.users[1]!];
    const hub = changeHub(f.db, 5);
    const pokes = new Map<string, CollectionName[][]>([['admin', []], ['coach', []], ['colleague', []], ['unfiltered', []]]);
    const offs = await Promise.all([
      hub.subscribe(f.companyId, (c) => pokes.get('admin')!.push(c), { userId: admin.id, participantId: null }),
      hub.subscribe(f.companyId, (c) => pokes.get('coach')!.push(c), { userId: coach.id, participantId: null }),
      // Another user of the same company (no such user row is needed: the hub compares ids).
      hub.subscribe(f.companyId, (c) => pokes.get('colleague')!.push(c), { userId: coach.id + admin.id + 1_000, participantId: 7_777 }),
      hub.subscribe(f.companyId, (c) => pokes.get('unfiltered')!.push(c)),
    ]);
    const got = (who: string) => pokes.get(who)!.flat();
    try {
      const { rows } = await f.db.query<{ id: number }>(
        `INSERT INTO messages (company_id, sender_user_id, recipient_user_id, subject, body) VALUES ($1, $2, $3, 'Afspraak', 'Tot morgen') RETURNING id`,
        [f.companyId, admin.id, coach.id],
      );
      await waitFor(() => {
        expect(got('admin')).toContain('messages');
        expect(got('coach')).toContain('messages');
        expect(got('unfiltered')).toContain('messages');
      });
      // A change of another table after it: once that poke arrived, the message's poke (earlier) would have too.
      await f.db.query('INSERT INTO sync_probes (uuid, company_id, user_id, body) VALUES ($1, $2, $3, $4)', [uuidv7(), f.companyId, admin.id, 'poke']);
      await waitFor(() => expect(got('colleague')).toContain('syncProbes'));
      expect(got('colleague')).not.toContain('messages');

      // The message moves from the coach to the admin as recipient: the coach loses it (and must pull its removal).
      for (const list of pokes.values()) list.length = 0;
      await f.db.query('UPDATE messages SET recipient_user_id = $1, sender_user_id = $1 WHERE id = $2', [admin.id, rows[0]!.id]);
      await waitFor(() => {
        expect(got('admin')).toContain('messages');
        expect(got('coach')).toContain('messages');
      });
      await f.db.query('INSERT INTO sync_probes (uuid, company_id, user_id, body) VALUES ($1, $2, $3, $4)', [uuidv7(), f.companyId, admin.id, 'poke 2']);
      await waitFor(() => expect(got('colleague')).toContain('syncProbes'));
      expect(got('colleague')).not.toContain('messages');
    } finally {
      for (const off of offs) off();
    }
  });
});
