import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { sortTargets, type SetTargetInput } from '../../../domain/portal/targets';
import type { ReplicaDocument } from '../../../domain/sync/types';
import { useReplicaQuery } from '../../../lib/replica/hooks';
import { toast } from '../../../lib/ui/toasts';
import { setTarget } from '../actions';
import * as q from '../queries';
import { formatDate as formatDay } from '../../../lib/format';
import { str } from '../text';
import { DateFieldControl } from '../../../lib/forms/date-field-control';
import { targetResolver, type TargetValues } from '../form-schemas';

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
  const [resolver] = useState(() => targetResolver());
  const { register, control, handleSubmit, reset, setError, setFocus, formState: { errors, isSubmitting } } = useForm<TargetValues, unknown, SetTargetInput>({
    resolver,
    defaultValues: { description: '', targetDate: '' },
    reValidateMode: 'onChange',
  });

  const rows = new Map<string, Row>((stored ?? []).map((d) => [d.uuid, fromReplica(d)]));
  const list = sortTargets([...rows.values()].map((r) => ({ ...r, achievedAt: r.achieved ? 'x' : null })));

  const save = async (input: SetTargetInput) => {
    const result = await setTarget(participantId, { description: input.description, targetDate: input.targetDate ?? null, achieved: false });
    if (!result.ok) {
      setError('description', { type: 'refused', message: result.error });
      setFocus('description');
      return;
    }
    // Queued (offline too): the form is empty again, with no message left.
    reset({ description: '', targetDate: '' });
    toast(t('portal.targets.saved'), { kind: 'success' });
  };
  const error = errors.description?.message;
  const dateError = errors.targetDate?.message;

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
        <form className="targets__form" onSubmit={(e) => void handleSubmit(save)(e)} noValidate>
          <div className="field">
            <label className="field__label" htmlFor={`target-text-${participantId}`}>
              {t('portal.targets.description')}
            </label>
            <input
              id={`target-text-${participantId}`}
              className="input"
              maxLength={500}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `target-error-${participantId}` : undefined}
              {...register('description')}
            />
            {error ? (
              <p className="field__error" id={`target-error-${participantId}`} role="alert">
                {t(error as 'portal.validation.invalid')}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`target-date-${participantId}`}>
              {t('portal.targets.date')}
            </label>
            <DateFieldControl control={control} name="targetDate" id={`target-date-${participantId}`} invalid={!!dateError} errorId={`target-date-error-${participantId}`} />
            {dateError ? (
              <p className="field__error" id={`target-date-error-${participantId}`} role="alert">
                {t(dateError as 'portal.validation.invalid')}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {t('portal.targets.add')}
          </button>
        </form>
      )}
    </div>
  );
}
