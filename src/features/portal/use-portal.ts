import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { sessionStore } from '../../app/session-store';
import { portalKindFor, type PortalKind } from '../../domain/navigation/portal';
import type { ReplicaDocument } from '../../domain/sync/types';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { useSyncStatus } from '../../lib/replica/hooks';
import { portalPaths, type PortalPaths } from './paths';
import { pendingDb, type PendingWrite } from './pending/pending-db';
import type { PortalOp } from './pending/operations';
import { setRefusalText, startPortalQueue } from './pending/queue';
import * as q from './queries';

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
  /** False until the replica holds the company (first sync). */
  ready: boolean;
}

/** The portal's pending writes (optionally of some operations), oldest first. */
export function usePending(ops?: readonly PortalOp[]): PendingWrite[] {
  const { user } = useSnapshot(sessionStore);
  const companyId = user?.companyId ?? null;
  const userId = user?.id ?? null;
  const key = ops?.join(',') ?? '';
  return (
    useLiveQuery(
      (): Promise<PendingWrite[]> => (companyId !== null && userId !== null ? pendingDb({ companyId, userId }).writes.orderBy('id').toArray() : Promise.resolve([])),
      [companyId, userId],
    )?.filter((w) => !key || key.split(',').includes(w.op)) ?? []
  );
}

/** Applies queued settings writes on top of the replica's user settings. */
export function withPendingSettings(settings: Settings, pending: readonly PendingWrite[]): Settings {
  let next: Record<string, unknown> = { ...settings };
  for (const w of pending) {
    if (w.op === 'setUserSettings') next = { ...next, ...asSettings(w.variables.input) };
    if (w.op === 'setSettings' && typeof w.variables.page === 'string') {
      next = { ...next, widgetOrders: { ...asSettings(next.widgetOrders), [w.variables.page]: w.variables.widgets } };
    }
    if (w.op === 'setUserPicture') {
      const input = asSettings(w.variables.input);
      if (input.kind === 'profile') next = { ...next, profilePicture: input.uuid };
      if (input.kind === 'homepage') next = { ...next, homepagePicture: input.uuid };
    }
  }
  return next;
}

/** Everything a portal screen starts from: who, which version, company switches and own settings. */
export function usePortal(): Portal {
  const { t } = useTranslation();
  const session = useSnapshot(sessionStore);
  const { session: syncSession } = useSyncStatus();
  const userId = session.user?.id ?? 0;
  const companyId = session.user?.companyId ?? 0;
  const participantId = session.user?.participantId ?? null;
  const kind = portalKindFor(session.company?.participantPortalVersion);
  const user = useReplicaQuery((r) => q.userById(r, userId), [userId]);
  const company = useReplicaQuery((r) => q.companyById(r, companyId), [companyId]);
  const participant = useReplicaQuery((r) => (participantId === null ? Promise.resolve(null) : q.participantById(r, participantId)), [participantId]);
  const pending = usePending(['setUserSettings', 'setSettings', 'setUserPicture']);

  useEffect(() => {
    setRefusalText((reason) => (reason.startsWith('portal.') ? t(reason as 'portal.errors.unknown') : t('portal.errors.unknown')));
    if (syncSession) startPortalQueue();
  }, [t, syncSession]);

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
    userSettings: withPendingSettings(asSettings(user?.settings), pending),
    ready: company !== undefined && company !== null,
  };
}
