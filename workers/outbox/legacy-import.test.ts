import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { importLegacyWrite, LEGACY_UNSENDABLE } from './legacy-import';
import { applyEvent, listOutbox } from './outbox';
import { testReplica } from '../test-support';
import { createUuidV7 } from '../../src/domain/sync/uuid-v7';

const next = createUuidV7();
const A = next(1);
const B = next(2);

it('a former queue row is moved once, even after it was sent and left the outbox; one that cannot be sent is handed back as refused (issue 37)', async () => {
  const replica = testReplica();
  const row = { id: A, op: 'setSettings', name: 'portal.setWidgetOrder' as const, input: { page: 'home', widgets: ['my-tasks'] } };
  expect(await importLegacyWrite(replica, row)).toEqual({ kind: 'queued', clientMutationId: A });
  expect(await importLegacyWrite(replica, row)).toEqual({ kind: 'already' });
  await applyEvent(replica, A, { type: 'send' });
  await applyEvent(replica, A, { type: 'answer', answer: { success: true, reason: null } });
  expect(await listOutbox(replica)).toEqual([]);
  expect(await importLegacyWrite(replica, row)).toEqual({ kind: 'already' });
  expect(await listOutbox(replica)).toEqual([]);

  // An upload whose bytes were lost: kept with its input and a reason, not dropped.
  const orphan = { id: B, op: 'participantAddDocument', name: null, input: { uuid: B, name: 'cv.pdf' } };
  expect(await importLegacyWrite(replica, orphan)).toEqual({ kind: 'refused', clientMutationId: B, reason: LEGACY_UNSENDABLE });
  expect(await listOutbox(replica)).toMatchObject([{ clientMutationId: B, op: 'participantAddDocument', status: 'failed', error: LEGACY_UNSENDABLE, args: { name: 'cv.pdf' } }]);
  expect(await importLegacyWrite(replica, orphan)).toEqual({ kind: 'already' });
});
