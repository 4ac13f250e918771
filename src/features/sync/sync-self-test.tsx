import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { formatTime } from '../../lib/format';
import { outboxActions } from './sync-actions';
import { TestNoteEditor } from './test-note-editor';

/**
 * The sync self-test: writes a test note through the ordinary outbox (also offline), so a user
 * the helpdesk is helping can see a change wait, leave and arrive. Shows the notes on this device.
 */
export function SyncSelfTest() {
  const { t, i18n } = useTranslation();
  const notes = useReplicaQuery((r) => r.docs('syncProbes').count(), []);
  const [queued, setQueued] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = () => {
    setBusy(true);
    outboxActions
      .selfTest(t('sync.selfTest.note', { time: formatTime(Date.now(), i18n.language) }))
      .then(() => setQueued(true))
      .catch(() => setQueued(false))
      .finally(() => setBusy(false));
  };

  return (
    <div className="sync-self-test">
      <p className="sync-self-test__help">{t('sync.selfTest.help')}</p>
      <div className="sync-self-test__row">
        <button type="button" className="button" onClick={run} disabled={busy}>
          {t('sync.selfTest.button')}
        </button>
        <span data-testid="replica-probe-count">{notes === undefined ? '' : t('sync.selfTest.onDevice', { count: notes })}</span>
      </div>
      <p className="sync-self-test__done" aria-live="polite">
        {queued ? t('sync.selfTest.queued') : ''}
      </p>
      <TestNoteEditor />
    </div>
  );
}
