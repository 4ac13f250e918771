import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphMutation } from '../../lib/api/client';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { readBoard, type BoardStatus } from './queries';
import { failureText, reasonText } from '../../lib/ui/reason-text';
import './process-flow.css';

const move = (participantId: number, processFlowStatusId: number) =>
  graphMutation('moveParticipant', 'mutation($p: ID!, $s: ID!) { moveParticipant(participantId: $p, processFlowStatusId: $s) { success reason params } }', {
    p: String(participantId),
    s: String(processFlowStatusId),
  });

/** /administratie/proces: the process flow board; a participant moves to another status. */
export function ProcessFlowPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.processFlow.title'));
  const board = useReplicaQuery((r) => readBoard(r), []);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const onMove = async (name: string, participantId: number, target: BoardStatus) => {
    try {
      const res = await move(participantId, target.id);
      setNotice(res.success ? { kind: 'ok', text: t('admin.processFlow.moved', { name, status: target.label }) } : { kind: 'error', text: reasonText(t, res.reason, res.params) });
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(t, error) });
    }
  };

  if (!board) return <p aria-live="polite">{t('admin.common.loading')}</p>;
  const targets = board.all.filter((s) => s.participantStatusId !== null);
  return (
    <div className="process-flow">
      <h1>{t('admin.processFlow.title')}</h1>
      {notice ? <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`alert ${notice.kind === 'error' ? 'alert--error' : 'alert--success'}`}>{notice.text}</p> : null}
      {board.all.length === 0 ? <p>{t('admin.processFlow.empty')}</p> : null}
      <div className="process-flow__board">
        {board.columns.map((col) => (
          <section key={col.column} className="process-flow__column" aria-label={t('admin.processFlow.column', { column: col.column + 1 })}>
            {col.statuses.map((s) => (
              <StatusCard key={s.id} status={s} targets={targets} onMove={onMove} />
            ))}
          </section>
        ))}
      </div>
      {board.unsorted.length ? (
        <section aria-labelledby="pf-unsorted">
          <h2 id="pf-unsorted">{t('admin.processFlow.unsorted')}</h2>
          <div className="process-flow__unsorted">
            {board.unsorted.map((s) => (
              <StatusCard key={s.id} status={s} targets={targets} onMove={onMove} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}

function StatusCard({ status, targets, onMove }: { status: BoardStatus; targets: BoardStatus[]; onMove: (name: string, id: number, target: BoardStatus) => Promise<void> }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <article className="process-flow__status" style={{ borderTopColor: status.color ?? undefined, gridRow: `span ${status.rows}` }} aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{status.label}</h3>
      {status.participants.length === 0 ? (
        <p className="process-flow__empty">{t('admin.processFlow.emptyStatus')}</p>
      ) : (
        <ul>
          {status.participants.map((p) => (
            <li key={p.id}>
              <span>{p.name}</span>
              <select
                className="input input--inline"
                aria-label={t('admin.processFlow.moveLabel', { name: p.name })}
                value=""
                onChange={(e) => {
                  const target = targets.find((x) => String(x.id) === e.target.value);
                  if (target) void onMove(p.name, p.id, target);
                }}
              >
                <option value="">{t('admin.processFlow.move')}</option>
                {targets.filter((x) => x.id !== status.id).map((x) => (
                  <option key={x.id} value={x.id}>{x.label}</option>
                ))}
              </select>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
