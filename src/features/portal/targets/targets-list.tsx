import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sortTargets } from '../../../domain/portal/targets';
import type { ReplicaDocument } from '../../../domain/sync/types';
import { useReplicaQuery } from '../../../lib/replica/hooks';
import { toast } from '../../../lib/ui/toasts';
import { setTarget } from '../actions';
import * as q from '../queries';
import { formatDate as formatDay } from '../../../lib/format';
import { str } from '../text';
import { DateField } from '../../../lib/ui/date-field';

interface Row {
  uuid: string;
  description: string;
  targetDate: string | null;
  achieved: boolean;
  pending: boolean;
}

function fromReplica(d: ReplicaDocument): Row {
  return {
    uuid: d.uuid,
    description: str(d.description),
    targetDate: typeof d.targetDate === 'string' ? d.targetDate.slice(0, 10) : null,
    achieved: Boolean(d.achievedAt),
    pending: d._pending === true,
  };
}

/** A participant's targets: tick one off, or add a new one (queued when offline). */
export function TargetsList({ participantId, compact = false }: { participantId: number; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const stored = useReplicaQuery((r) => q.targetsOf(r, participantId), [participantId]);
  const [description, setDescription] = useState('');
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);

  const rows = new Map<string, Row>((stored ?? []).map((d) => [d.uuid, fromReplica(d)]));
  const list = sortTargets([...rows.values()].map((r) => ({ ...r, achievedAt: r.achieved ? 'x' : null })));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = await setTarget(participantId, { description, targetDate: date || null, achieved: false });
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    setDescription('');
    setDate('');
    toast(t('portal.targets.saved'), { kind: 'success' });
  };

  if (stored === undefined) return <p className="portal__loading">{t('portal.home.loading')}</p>;
  return (
    <div className="targets">
      {list.length === 0 ? <p className="portal__empty">{t('portal.targets.empty')}</p> : null}
      <ul className="targets__list">
        {list.slice(0, compact ? 3 : undefined).map((row) => (
          <li key={row.uuid} className="targets__item">
            <label className="check">
              <input
                type="checkbox"
                checked={row.achieved}
                onChange={(e) => void setTarget(participantId, { uuid: row.uuid, description: row.description, targetDate: row.targetDate, achieved: e.target.checked })}
              />
              <span className={row.achieved ? 'targets__done' : undefined}>{row.description}</span>
            </label>
            <span className="targets__meta">
              {row.targetDate ? t('portal.targets.due', { date: formatDay(row.targetDate, i18n.language) }) : null}
              {row.pending ? <span className="pill pill--pending">{t('portal.targets.pending')}</span> : null}
            </span>
          </li>
        ))}
      </ul>
      {compact ? null : (
        <form className="targets__form" onSubmit={(e) => void submit(e)} noValidate>
          <div className="field">
            <label className="field__label" htmlFor={`target-text-${participantId}`}>
              {t('portal.targets.description')}
            </label>
            <input
              id={`target-text-${participantId}`}
              className="input"
              value={description}
              maxLength={500}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `target-error-${participantId}` : undefined}
              onChange={(e) => setDescription(e.target.value)}
            />
            {error ? (
              <p className="field__error" id={`target-error-${participantId}`}>
                {t(error as 'portal.validation.invalid')}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`target-date-${participantId}`}>
              {t('portal.targets.date')}
            </label>
            <DateField id={`target-date-${participantId}`} value={date} onChange={setDate} />
          </div>
          <button type="submit" className="button button--primary">
            {t('portal.targets.add')}
          </button>
        </form>
      )}
    </div>
  );
}
