import { useTranslation } from 'react-i18next';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { CHECKSUM_REPAIR_KEY, isChecksumRepairNote } from '../../domain/sync/replica-checksum';
import { formatDate, formatTime } from '../../lib/format';

/**
 * The sync details' line about replica checksums (issue 19): when the worker found a collection
 * that differed from the server and fetched it again, which and when.
 */
export function ChecksumRepair() {
  const { t, i18n } = useTranslation();
  const note = useReplicaQuery(async (r) => (await r.dexie.table<{ key: string; value: unknown }, string>('meta').get(CHECKSUM_REPAIR_KEY))?.value ?? null, []);
  if (!isChecksumRepairNote(note)) return null;
  const names = note.collections.map((c) => t(`syncTruth.collections.${c}` as 'syncTruth.collections.participants', { defaultValue: c })).join(', ');
  return (
    <p className="sync-overview__line" role="status" data-testid="checksum-repair">
      {t('syncTruth.repaired', { collections: names })} ({formatDate(note.at, i18n.language)} {formatTime(note.at, i18n.language)})
    </p>
  );
}
