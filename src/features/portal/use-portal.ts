import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { sessionStore } from '../../lib/session/session-store';
import { portalKindFor, type PortalKind } from '../../domain/navigation/portal';
import type { ReplicaDocument } from '../../domain/sync/types';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { useSyncStatus } from '../../lib/replica/hooks';
import { portalPaths, type PortalPaths } from './paths';
import { useQueuedWrites, type QueuedWrite } from '../../lib/replica/queued-writes';
import type { WriteName } from '../../domain/writes/registry';
import { migrateLegacyQueue } from './legacy-queue';
import * as q from './queries';
import { readPreferences, type CommunicationPreferences } from '../../domain/portal/communication';

type Settings = Readonly<Record<string, unknown>>;

const asSettings = (value: unknown): Settings => (typeof value === 'object' && value !== null ? (value as Settings) : {});

export interface Portal {
  userId: number;
  companyId: number;
  participantId: number | null;
  name: string;
  kind: PortalKind;
  paths: PortalPaths;
  user: ReplicaDocument | null;
  participant: ReplicaDocument | null;
  companySettings: Settings;
  /** The user's settings with the queued changes applied (theme, widget orders, pictures). */
  userSettings: Settings;
  /** The participant's communication preferences: the latest queued change not refused, else the replica's. */
  communicationPreferences: CommunicationPreferences;
  /** False until the replica holds the company (first sync). */
  ready: boolean;
  /**
   * False while the user's or participant's document or the queued settings rows are still being read: until then
   * `userSettings` is not yet what the user has (a form started from it, or the theme and toasts set
   * from it, would show or store the defaults or the replica's older values).
   */
  settingsReady: boolean;
}

/** The settings writes laid over the stored settings while they wait in the outbox. */
export const SETTINGS_WRITES = ['portal.setDisplaySettings', 'portal.setWidgetOrder', 'portal.setPicture'] as const satisfies readonly WriteName[];
/** Laid over the participant's document (its settings) in the same way. */
const PREFERENCE_WRITES = ['portal.setCommunicationPreferences'] as const satisfies readonly WriteName[];

/**
 * Applies queued settings writes (outbox rows, oldest first) on top of the replica's user settings.
 * A row the server refused is not laid over: the screen shows what the server has.
 */
export function withPendingSettings(settings: Settings, pending: readonly Pick<QueuedWrite, 'op' | 'args' | 'status'>[]): Settings {
  let next: Record<string, unknown> = { ...settings };
  for (const w of pending) {
    if (w.status === 'failed' || w.status === 'conflict') continue;
    if (w.op === 'portal.setDisplaySettings') {
      const given = Object.fromEntries(Object.entries(w.args).filter(([, value]) => value !== undefined && value !== null));
      next = { ...next, ...given };
    }
    if (w.op === 'portal.setWidgetOrder' && typeof w.args.page === 'string') {
      next = { ...next, widgetOrders: { ...asSettings(next.widgetOrders), [w.args.page]: w.args.widgets } };
    }
    if (w.op === 'portal.setPicture') {
      if (w.args.kind === 'profile') next = { ...next, profilePicture: w.args.uuid };
      if (w.args.kind === 'homepage') next = { ...next, homepagePicture: w.args.uuid };
    }
  }
  return next;
}

/**
 * The settings rows to lay over the stored settings: the waiting ones, and those the server accepted
 * since the replica's user document last changed. An accepted row leaves the outbox before the pull
 * brings the server's settings; without this the screen (and the theme, the toasts) would fall back to
 * the old values for that moment.
 */
function useSettingsOverlay(pending: readonly QueuedWrite[], doc: ReplicaDocument | null): QueuedWrite[] {
  const state = useRef<{ last: readonly QueuedWrite[]; settled: QueuedWrite[]; version: unknown }>({ last: [], settled: [], version: undefined });
  const version = doc ? `${String(doc.revision ?? '')}|${JSON.stringify(doc.settings ?? null)}` : undefined;
  /* eslint-disable react-hooks/refs -- a pure function of the sequence of renders: the rows seen last time */
  const s = state.current;
  if (s.settled.length > 0 && version !== s.version) s.settled = [];
  const present = new Set(pending.map((w) => w.clientMutationId));
  const accepted = s.last.filter((w) => !present.has(w.clientMutationId) && (w.status === 'pending' || w.status === 'sending'));
  if (accepted.length > 0) s.settled = [...s.settled, ...accepted];
  s.version = version;
  s.last = pending;
  return [...s.settled, ...pending];
  /* eslint-enable react-hooks/refs */
}

/** Everything a portal screen starts from: who, which version, company switches and own settings. */
export function usePortal(): Portal {
  const session = useSnapshot(sessionStore);
  const { session: syncSession } = useSyncStatus();
  const userId = session.user?.id ?? 0;
  const companyId = session.user?.companyId ?? 0;
  const participantId = session.user?.participantId ?? null;
  const kind = portalKindFor(session.company?.participantPortalVersion);
  const user = useReplicaQuery((r) => q.userById(r, userId), [userId]);
  const company = useReplicaQuery((r) => q.companyById(r, companyId), [companyId]);
  const participant = useReplicaQuery((r) => (participantId === null ? Promise.resolve(null) : q.participantById(r, participantId)), [participantId]);
  const queued = useQueuedWrites(SETTINGS_WRITES);
  const overlay = useSettingsOverlay(queued ?? [], user ?? null);
  const queuedPreferences = useQueuedWrites(PREFERENCE_WRITES);
  const latestPreferences = useSettingsOverlay(queuedPreferences ?? [], participant ?? null)
    .filter((w) => w.status === 'pending' || w.status === 'sending')
    .at(-1);

  useEffect(() => {
    // Writes left in the portal's former queue (before issue 18) move into the outbox once.
    if (syncSession && userId && companyId) void migrateLegacyQueue({ companyId, userId, participantId }).catch(() => undefined);
  }, [syncSession, userId, companyId, participantId]);

  return {
    userId,
    companyId,
    participantId,
    name: [session.user?.givenName, session.user?.surname].filter(Boolean).join(' '),
    kind,
    paths: portalPaths(kind),
    user: user ?? null,
    participant: participant ?? null,
    companySettings: asSettings(company?.settings),
    userSettings: withPendingSettings(asSettings(user?.settings), overlay),
    communicationPreferences: latestPreferences ? readPreferences({ communicationPreferences: latestPreferences.args }) : readPreferences(participant?.settings),
    ready: company !== undefined && company !== null,
    settingsReady: user !== undefined && participant !== undefined && queued !== undefined && queuedPreferences !== undefined,
  };
}
