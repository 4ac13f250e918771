import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { replicaName } from '../../domain/sync/replica-schema';
import { syncApi, syncStore } from '../../lib/sync-client';
import { reportError } from '../../lib/error-reporting';
import { listReplicas } from './replica-registry';

interface Waiting {
  name: string;
  who: string | null;
  count: number;
}

/**
 * Changes on this device that wait for another identity (another user, or an impersonation that is
 * not active now): how many and for whom, never what they are. They go out only when that identity
 * is active again on this device.
 */
export function OtherIdentities() {
  const { t } = useTranslation();
  const { session } = useSnapshot(syncStore);
  const current = session ? replicaName(session) : null;
  const [waiting, setWaiting] = useState<Waiting[]>([]);

  useEffect(() => {
    let live = true;
    const others = listReplicas().filter((e) => e.name !== current);
    void Promise.all(
      others.map(async (e) => ({ name: e.name, who: e.label ?? null, count: await syncApi().sync.unsentIn(e.name) })),
    ).then(
      (found) => live && setWaiting(found.filter((w) => w.count > 0)),
      (error: unknown) => reportError(error),
    );
    return () => {
      live = false;
    };
  }, [current]);

  if (waiting.length === 0) return null;
  return (
    <section className="sync-page__others card" aria-labelledby="sync-others-title">
      <h2 id="sync-others-title">{t('sync.others.heading')}</h2>
      <ul>
        {waiting.map((w) => (
          <li key={w.name} data-testid="waiting-for-other">
            {w.who ? t('sync.others.waiting', { count: w.count, who: w.who }) : t('sync.others.waitingUnknown', { count: w.count })}
          </li>
        ))}
      </ul>
      <p>{t('sync.others.explain')}</p>
    </section>
  );
}
