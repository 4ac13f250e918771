import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  BACKOFF_MAX_MS,
  conflictFields,
  newOutboxRow,
  nextToSend,
  OutboxRowSending,
  OutboxTransitionError,
  resolutionArgs,
  transition,
  type OutboxEvent,
  type OutboxRow,
  type OutboxStatus,
} from './outbox-machine';

const NOW = 1_000_000;
const row = (status: OutboxStatus, extra: Partial<OutboxRow> = {}): OutboxRow => ({
  ...newOutboxRow({ clientMutationId: 'a', op: 'saveSyncProbe', args: { body: 'x' }, collection: 'syncProbes', target: 'u1', patch: { body: 'x' } }, 0),
  status,
  ...extra,
});

describe('outbox transitions', () => {
  const cases: [string, OutboxStatus, OutboxEvent, OutboxStatus | null, string[], Partial<OutboxRow>?, Partial<OutboxRow>?][] = [
    ['send a pending row', 'pending', { type: 'send' }, 'sending', []],
    ['success leaves the outbox', 'sending', { type: 'answer', answer: { success: true, reason: null } }, null, []],
    ['rejection rolls back and keeps the input', 'sending', { type: 'answer', answer: { success: false, reason: 'body_too_long' } }, 'failed', ['rollback'], { error: 'body_too_long', args: { body: 'x' } }],
    ['conflict rolls back and keeps the server version', 'sending',
      { type: 'answer', answer: { success: false, reason: 'conflict', conflict: { serverDocument: { uuid: 'u1', revision: 3, body: 'y' } } } },
      'conflict', ['rollback'], { serverDocument: { uuid: 'u1', revision: 3, body: 'y' } }],
    ['network error goes back to pending with a backoff', 'sending', { type: 'networkError', error: 'offline' }, 'pending', [], { attempts: 1, error: 'offline' }],
    ['a blocked session does not count as an attempt', 'sending', { type: 'blocked', code: 'token_expired' }, 'pending', [], { attempts: 0 }],
    ['retry a failed row goes out under a new id and re-applies it', 'failed', { type: 'retry' }, 'pending', ['renew', 'reapply'], { error: null, attempts: 0 }],
    ['retry a conflict', 'conflict', { type: 'retry' }, 'pending', ['renew', 'reapply'], { serverDocument: null }],
    ['an accepted change rebases the later rows onto the revision it got', 'sending', { type: 'answer', answer: { success: true, reason: null, revision: 4 } }, null, ['rebase']],
    ['a rejected create fails the later rows of the document', 'sending', { type: 'answer', answer: { success: false, reason: 'nee' } }, 'failed', ['rollback', 'failDependents'], { error: 'nee' }, { mode: 'create' }],
    ['a rejected edit does not', 'sending', { type: 'answer', answer: { success: false, reason: 'nee' } }, 'failed', ['rollback'], { error: 'nee' }, { mode: 'edit' }],
    ['not attempted (an earlier row threw) goes back to pending without counting', 'sending', { type: 'answer', answer: { success: false, reason: 'not_attempted' } }, 'pending', [], { attempts: 0, error: null }],
    ['not attempted, told by the push', 'sending', { type: 'notAttempted' }, 'pending', [], { attempts: 0 }],
    ['discard a pending row rolls back', 'pending', { type: 'discard' }, null, ['rollback']],
    ['discard a failed row (already rolled back)', 'failed', { type: 'discard' }, null, []],
    ['recover a row that was being sent', 'sending', { type: 'recover' }, 'pending', []],
    ['recover leaves others alone', 'failed', { type: 'recover' }, 'failed', []],
    ['a server error goes back to pending with a backoff, counted', 'sending', { type: 'serverError', code: 'internal_error' }, 'pending', [], { errorAttempts: 1, error: 'internal_error' }],
    ['the last allowed server error fails the row and rolls it back', 'sending', { type: 'serverError', code: 'internal_error' }, 'failed', ['rollback'],
      { error: 'write_failed', errorParams: { code: 'internal_error', attempts: 3 } }, { errorAttempts: 2 }],
    ['retry a row failed by errors starts counting again', 'failed', { type: 'retry' }, 'pending', ['renew', 'reapply'], { errorAttempts: 0 }, { error: 'write_failed', errorAttempts: 3 }],
  ];
  it.each(cases)('%s', (_name, from, event, to, effects, expected, given) => {
    const result = transition(row(from, given), event, NOW, 0.5);
    expect(result.row?.status ?? null).toBe(to);
    expect(result.effects).toEqual(effects);
    if (expected) expect(result.row).toMatchObject(expected);
  });

  it.each<[OutboxStatus, OutboxEvent['type']]>([
    ['sending', 'send'],
    ['failed', 'send'],
    ['pending', 'answer'],
    ['pending', 'retry'],
    ['pending', 'networkError'],
  ])('refuses %s + %s', (from, type) => {
    const event = { type, answer: { success: true, reason: null }, error: 'x', code: 'x' } as OutboxEvent;
    expect(() => transition(row(from), event, NOW)).toThrow(OutboxTransitionError);
  });

  it('does not roll back when nothing was applied optimistically', () => {
    const plain = { ...row('sending'), patch: null };
    expect(transition(plain, { type: 'answer', answer: { success: false, reason: 'nope' } }, NOW).effects).toEqual([]);
  });
});

describe('backoff', () => {
  it.each([
    [1, 0, 500],
    [1, 1, 1_000],
    [2, 1, 2_000],
    [4, 0.5, 6_000],
    [30, 1, BACKOFF_MAX_MS],
  ])('attempt %i with random %d waits %i ms', (attempts, random, ms) => {
    expect(backoffDelay(attempts, random)).toBe(ms);
  });
  it('schedules the next attempt', () => {
    const after = transition(row('sending', { attempts: 2 }), { type: 'networkError', error: 'x' }, NOW, 1).row!;
    expect(after.nextAttemptAt).toBe(NOW + 4_000);
  });
});

it('refuses to discard a row that is being sent, with a reason the screen shows', () => {
  expect(() => transition(row('sending'), { type: 'discard' }, NOW)).toThrow(OutboxRowSending);
  expect(() => transition(row('sending'), { type: 'discard' }, NOW)).toThrow('sync.errors.discardWhileSending');
});

describe('nextToSend', () => {
  const r = (id: string, status: OutboxStatus, nextAttemptAt = 0): OutboxRow => ({ ...row(status), clientMutationId: id, nextAttemptAt });
  it.each<[string, OutboxRow[], string | null, number | null]>([
    ['empty', [], null, null],
    ['oldest first, whatever the storage order', [r('b', 'pending'), r('a', 'pending')], 'a', null],
    ['failed and conflicting rows do not block', [r('a', 'failed'), r('b', 'conflict'), r('c', 'pending')], 'c', null],
    ['one in flight at a time', [r('a', 'sending'), r('b', 'pending')], null, null],
    ['a row in backoff holds the rows behind it', [r('a', 'pending', NOW + 10), r('b', 'pending')], null, NOW + 10],
    ['backoff over', [r('a', 'pending', NOW - 1), r('b', 'pending')], 'a', null],
    ['a row the server failed on holds only its own document',
      [{ ...r('a', 'pending', NOW + 10), errorAttempts: 1 }, r('b', 'pending'), { ...r('c', 'pending'), target: 'u2' }], 'c', null],
    ['so does a row failed after its tries', [{ ...r('a', 'failed'), error: 'write_failed' }, r('b', 'pending')], null, null],
    ['a rejected row holds nothing', [{ ...r('a', 'failed'), error: 'not_found' }, r('b', 'pending')], 'b', null],
    ['held by errors only: wait for the first backoff', [{ ...r('a', 'pending', NOW + 10), errorAttempts: 1 }, r('b', 'pending')], null, NOW + 10],
  ])('%s', (_name, rows, id, waitUntil) => {
    const next = nextToSend(rows, NOW);
    expect(next.row?.clientMutationId ?? null).toBe(id);
    expect(next.waitUntil).toBe(waitUntil);
  });
});

describe('conflicts', () => {
  const conflict = row('conflict', {
    args: { uuid: 'u1', body: 'mine', title: 'mijn titel' },
    patch: { body: 'mine', title: 'mijn titel' },
    baseValues: { body: 'base', title: 'base titel' },
    serverDocument: { uuid: 'u1', revision: 4, body: 'theirs', title: 'hun titel' },
  });
  it('lists only the fields the server named as changed on both sides', () => {
    expect(conflictFields({ ...conflict, conflictFields: ['body'] })).toEqual([{ field: 'body', mine: 'mine', server: 'theirs' }]);
  });
  it('without names from the server: every patched field that differs', () => {
    expect(conflictFields(conflict).map((f) => f.field)).toEqual(['body', 'title']);
  });
  it('fields the change left as they were take the server value when resolving', () => {
    const row2 = row('conflict', {
      args: { uuid: 'u1', body: 'mine', title: 'base titel' },
      patch: { body: 'mine', title: 'base titel' },
      baseValues: { body: 'base', title: 'base titel' },
      serverDocument: { uuid: 'u1', revision: 4, body: 'theirs', title: 'hun titel' },
    });
    expect(resolutionArgs(row2, { body: 'mine' }).args).toEqual({ uuid: 'u1', body: 'mine', title: 'hun titel' });
  });
  it('resolves with the chosen values, based on the server revision and its values', () => {
    expect(resolutionArgs(conflict, { body: 'theirs' })).toEqual({
      args: { uuid: 'u1', body: 'theirs', title: 'mijn titel' },
      baseRevision: 4,
      baseValues: { body: 'theirs', title: 'hun titel' },
    });
  });
});
