import { describe, expect, it } from 'vitest';
import { initialSyncStatus } from '../../domain/sync/status';
import { syncStatusView } from './sync-status-view';
import nl from '../../i18n/areas/syncPull.nl.json';
import en from '../../i18n/areas/syncPull.en.json';

const base = { ...initialSyncStatus(), state: 'idle' as const, lastSyncedAt: Date.now() };

describe('sync status when the worker stopped for storage', () => {
  it('says storage is full and offers a retry, not "synced"', () => {
    const view = syncStatusView({ ...base, state: 'error', error: 'storage_quota' }, Date.now());
    expect(view).toMatchObject({ key: 'syncPull.storageFull', tone: 'error', retry: true });
  });

  it('another storage failure also stops with a retry', () => {
    expect(syncStatusView({ ...base, state: 'error', error: 'storage_error' }, Date.now())).toMatchObject({ key: 'syncPull.storageError', retry: true });
  });

  it('a collection that failed to pull says so, without a retry button (it retries itself)', () => {
    const view = syncStatusView({ ...base, state: 'error', error: 'pull_failed:users' }, Date.now());
    expect(view.key).toBe('syncPull.pullFailed');
    expect(view.retry).toBeUndefined();
  });

  it('has every text in Dutch and English', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(nl).sort());
    for (const key of ['storageFull', 'storageError', 'pullFailed', 'retry', 'retryLabel', 'storageHint']) expect(nl).toHaveProperty(key);
  });
});
