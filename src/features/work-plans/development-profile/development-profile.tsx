import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { syncStore } from '../../../lib/sync-client';
import { Role } from '../../../domain/shared/roles';
import { PDP_SCORE_MAX, PDP_SCORE_MIN } from '../../../domain/work-plan/inputs';
import { reportError } from '../../../lib/error-reporting';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { workPlans } from '../actions';
import { FailedWrites } from '../failed-writes';
import { useProfile, useViewer } from '../hooks';
import type { ProfileRow } from '../queries';
import { groupRows } from './group-rows';
import '../work-plans.css';

/**
 * The development profile (POP): competencies with behaviours and disciplines with skills, each with
 * start, current, target and self scores. Participants set their self score; staff set the target and
 * may remove a discipline (refused while it has active plans or reviews). Also the staff participant tab.
 */
export function DevelopmentProfile({ participantId, asTab }: { participantId: number | null; asTab?: boolean }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const rows = useProfile(participantId);
  const sync = useSnapshot(syncStore);
  const [notice, setNotice] = useState<string | null>(null);
  useDocumentTitle(t('workPlans.profile.title'));
  const staff = viewer !== null && viewer.roleId !== Role.participant;
  const Heading = asTab ? 'h2' : 'h1';
  // Scores without their names while the reference data is still coming in: loading, not nameless rows.
  const namesComing = rows?.some((r) => !r.named) === true && (sync.state === 'syncing' || sync.lastSyncedAt === null);
  if (!rows || participantId === null || namesComing) return <p role="status">{t('workPlans.loading')}</p>;
  const groups = groupRows(rows);

  const change = (r: ProfileRow, field: 'selfScore' | 'targetScore', value: string) => {
    const score = value === '' ? null : Number(value);
    const input = { participantId, [r.kind === 'behavior' ? 'behaviorId' : 'skillId']: r.id, [field]: score };
    const done = r.kind === 'behavior' ? workPlans().updatePdpBehavior(input as { participantId: number; behaviorId: number }) : workPlans().updatePdpSkill(input as { participantId: number; skillId: number });
    done.then(() => setNotice(t('workPlans.profile.saved')), reportError);
  };
  const scoreSelect = (r: ProfileRow, field: 'selfScore' | 'targetScore', label: string) => (
    <select className="input pdp__select" aria-label={`${label}: ${r.name}`} defaultValue={r[field] ?? ''} onChange={(e) => change(r, field, e.target.value)}>
      <option value="">–</option>
      {Array.from({ length: PDP_SCORE_MAX - PDP_SCORE_MIN }, (_, i) => i + 1).map((s) => <option key={s} value={s}>{s}</option>)}
    </select>
  );

  return (
    <section className="work-plans" aria-labelledby="pdp-title">
      <Heading id="pdp-title">{t('workPlans.profile.title')}</Heading>
      <FailedWrites />
      {notice && <p role="status">{notice}</p>}
      {groups.length === 0 && <p role="status">{t('workPlans.profile.empty')}</p>}
      {groups.map((g) => (
        <table key={`${g.kind}${g.id}`} className="work-plans__table pdp">
          <caption>
            {g.kind === 'behavior' ? t('workPlans.profile.competencies') : t('workPlans.profile.disciplines')}: {g.name}
            {staff && g.kind === 'skill' && (
              <button type="button" className="button pdp__remove" onClick={() => workPlans().removePdpDiscipline({ participantId, disciplineId: g.id }).catch(reportError)}>
                {t('workPlans.profile.removeDiscipline')}
              </button>
            )}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('workPlans.item.name')}</th>
              <th scope="col">{t('workPlans.item.start')}</th>
              <th scope="col">{t('workPlans.item.current')}</th>
              <th scope="col">{t('workPlans.item.target')}</th>
              <th scope="col">{t('workPlans.item.self')}</th>
            </tr>
          </thead>
          <tbody>
            {g.rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.name}</th>
                <td>{r.startScore ?? '–'}</td>
                <td>{r.currentScore ?? '–'}</td>
                <td>{staff ? scoreSelect(r, 'targetScore', t('workPlans.item.target')) : (r.targetScore ?? '–')}</td>
                <td>{staff ? (r.selfScore ?? '–') : scoreSelect(r, 'selfScore', t('workPlans.item.self'))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </section>
  );
}
