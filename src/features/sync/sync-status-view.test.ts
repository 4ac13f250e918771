import { describe, expect, it } from 'vitest';
import { initialSyncStatus, type SyncStatus } from '../../domain/sync/status';
import { firstSyncFraction, hasStalePending, STALE_PENDING_MS, syncStatusView } from './sync-status-view';

const NOW = new Date(2026, 10, 22, 14, 30).getTime();
const status = (patch: Partial<SyncStatus>): SyncStatus => ({ ...initialSyncStatus(), state: 'idle', ...patch });

describe('syncStatusView', () => {
  it.each<[string, Partial<SyncStatus>, boolean, { key: string; tone: string; count?: number; badge: number }]>([
    ['offline (worker)', { online: false }, true, { key: 'sync.status.offline', tone: 'offline', badge: 0 }],
    ['offline (browser first)', {}, false, { key: 'sync.status.offline', tone: 'offline', badge: 0 }],
    ['offline with changes waiting', { state: 'offline', pending: 3 }, true, { key: 'sync.status.offlinePending', tone: 'offline', count: 3, badge: 3 }],
    ['offline beats refused changes', { online: false, failed: 1, pending: 1 }, true, { key: 'sync.status.offlinePending', tone: 'offline', count: 1, badge: 2 }],
    ['paused for sign-in', { state: 'blocked', blockedCode: 'token_expired', pending: 2 }, true, { key: 'sync.status.blocked', tone: 'blocked', badge: 2 }],
    ['paused for the update', { state: 'blocked', blockedCode: 'upgrade_required', pending: 1 }, true, { key: 'sync.status.upgradeRequired', tone: 'blocked', badge: 1 }],
    ['refused and conflicting', { failed: 1, conflicts: 2, pending: 4 }, true, { key: 'sync.status.problem', tone: 'problem', count: 3, badge: 7 }],
    [
      'first sync',
      { state: 'syncing', firstSync: { documents: 10, collectionsDone: 1, collectionsTotal: 60, done: false } },
      true,
      { key: 'sync.status.firstSync', tone: 'first-sync', badge: 0 },
    ],
    ['waiting', { pending: 1, lastSyncedAt: NOW }, true, { key: 'sync.status.pending', tone: 'pending', count: 1, badge: 1 }],
    ['error, retrying', { state: 'error', lastSyncedAt: NOW }, true, { key: 'sync.status.error', tone: 'error', badge: 0 }],
    ['synced today', { lastSyncedAt: NOW - 60_000 }, true, { key: 'sync.status.syncedAt', tone: 'synced', badge: 0 }],
    ['synced today while syncing again (no flicker)', { state: 'syncing', lastSyncedAt: NOW - 60_000 }, true, { key: 'sync.status.syncedAt', tone: 'synced', badge: 0 }],
    ['synced yesterday', { lastSyncedAt: NOW - 20 * 3_600_000 }, true, { key: 'sync.status.syncedOn', tone: 'synced', badge: 0 }],
    ['syncing, never synced', { state: 'syncing' }, true, { key: 'sync.status.syncing', tone: 'syncing', badge: 0 }],
    ['never synced', {}, true, { key: 'sync.status.never', tone: 'never', badge: 0 }],
  ])('%s', (_name, patch, browserOnline, expected) => {
    expect(syncStatusView(status(patch), NOW, browserOnline)).toMatchObject(expected);
  });

  it('carries the moment to format for "bijgewerkt om"', () => {
    expect(syncStatusView(status({ lastSyncedAt: NOW - 5_000 }), NOW).at).toBe(NOW - 5_000);
  });

  it('ignores a finished first sync', () => {
    const view = syncStatusView(status({ lastSyncedAt: NOW, firstSync: { documents: 5, collectionsDone: 60, collectionsTotal: 60, done: true } }), NOW);
    expect(view.key).toBe('sync.status.syncedAt');
  });
});

describe('hasStalePending (Safari may erase a site after a while)', () => {
  it.each<[string, number | null, boolean]>([
    ['nothing waiting', null, false],
    ['just made', NOW - 1_000, false],
    ['exactly a day', NOW - STALE_PENDING_MS, false],
    ['more than a day', NOW - STALE_PENDING_MS - 1, true],
    ['a week', NOW - 7 * STALE_PENDING_MS, true],
  ])('%s', (_name, oldest, expected) => {
    expect(hasStalePending(oldest, NOW)).toBe(expected);
  });
});

describe('firstSyncFraction', () => {
  it.each<[string, SyncStatus['firstSync'], number | null]>([
    ['no first sync', null, null],
    ['done', { documents: 1, collectionsDone: 4, collectionsTotal: 4, done: true }, null],
    ['half way', { documents: 1, collectionsDone: 2, collectionsTotal: 4, done: false }, 0.5],
    ['no collections', { documents: 0, collectionsDone: 0, collectionsTotal: 0, done: false }, 0],
  ])('%s', (_name, firstSync, expected) => {
    expect(firstSyncFraction(firstSync)).toBe(expected);
  });
});
