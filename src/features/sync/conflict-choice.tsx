import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { conflictFields, type OutboxRow } from '../../domain/sync/outbox-machine';
import { reasonText } from '../../lib/ui/reason-text';
import { conflictResolver, type ConflictValues } from './conflict-form';
import { fieldLabel } from './op-label';

interface ConflictChoiceProps {
  row: OutboxRow;
  onResolve: (chosen: Record<string, unknown>) => Promise<void>;
}

function show(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The field-by-field choice between the user's change and the server's version (ARCHITECTURE.md,
 * Conflicts): one radio group per differing field, the user's value chosen by default. react-hook-form
 * with the write's own schema on the version the choice makes (conflict-form.ts): a mix the server
 * would refuse is said at its field, focus goes there. Sends the chosen values on the server's
 * revision (outbox.resolveConflict).
 */
export function ConflictChoice({ row, onResolve }: ConflictChoiceProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const fields = conflictFields(row);
  const [resolver] = useState(() => conflictResolver(row));
  const { register, handleSubmit, formState: { errors, isSubmitting } } = useForm<ConflictValues, unknown, Record<string, unknown>>({
    resolver,
    defaultValues: { choices: fields.map(() => 'mine') },
    reValidateMode: 'onChange',
  });

  return (
    <form className="conflict-choice" onSubmit={(e) => void handleSubmit((chosen) => onResolve(chosen))(e)}>
      {row.serverDocument === null ? <p>{t('sync.conflict.serverDeleted')}</p> : <p>{t('sync.conflict.intro')}</p>}
      {row.serverDocument !== null && fields.length === 0 ? <p>{t('sync.conflict.noDifference')}</p> : null}
      {row.serverDocument !== null
        ? fields.map((f, index) => {
            const name = `${baseId}-${index}`;
            const error = errors.choices?.[index]?.message;
            const errorId = `${name}-error`;
            return (
              <fieldset key={f.field} className="conflict-choice__field" aria-describedby={error ? errorId : undefined}>
                <legend>{t('sync.conflict.legend', { field: fieldLabel(t, f.field, row.collection) })}</legend>
                <label className="conflict-choice__option">
                  <input type="radio" value="mine" aria-invalid={error ? true : undefined} {...register(`choices.${index}`)} />
                  <span>{t('sync.conflict.mine', { value: show(f.mine, t('sync.conflict.empty')) })}</span>
                </label>
                <label className="conflict-choice__option">
                  <input type="radio" value="server" aria-invalid={error ? true : undefined} {...register(`choices.${index}`)} />
                  <span>{t('sync.conflict.server', { value: show(f.server, t('sync.conflict.empty')) })}</span>
                </label>
                {error ? (
                  <p id={errorId} className="field__error" role="alert">
                    {reasonText(t, error)}
                  </p>
                ) : null}
              </fieldset>
            );
          })
        : null}
      {row.serverDocument !== null ? (
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('sync.conflict.apply')}
        </button>
      ) : null}
    </form>
  );
}
