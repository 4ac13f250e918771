import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { conflictFields, type OutboxRow } from '../../domain/sync/outbox-machine';
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
 * Conflicts): one radio group per differing field, the user's value chosen by default. Sends the
 * chosen values on the server's revision (outbox.resolveConflict).
 */
export function ConflictChoice({ row, onResolve }: ConflictChoiceProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const fields = conflictFields(row);
  const [choice, setChoice] = useState<Record<string, 'mine' | 'server'>>({});
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = Object.fromEntries(fields.map((f) => [f.field, (choice[f.field] ?? 'mine') === 'mine' ? f.mine : f.server]));
    setBusy(true);
    void onResolve(chosen).finally(() => setBusy(false));
  };

  return (
    <form className="conflict-choice" onSubmit={submit}>
      {row.serverDocument === null ? <p>{t('sync.conflict.serverDeleted')}</p> : <p>{t('sync.conflict.intro')}</p>}
      {row.serverDocument !== null && fields.length === 0 ? <p>{t('sync.conflict.noDifference')}</p> : null}
      {row.serverDocument !== null
        ? fields.map((f, index) => {
            const name = `${baseId}-${index}`;
            const selected = choice[f.field] ?? 'mine';
            return (
              <fieldset key={f.field} className="conflict-choice__field">
                <legend>{t('sync.conflict.legend', { field: fieldLabel(t, f.field, row.collection) })}</legend>
                <label className="conflict-choice__option">
                  <input
                    type="radio"
                    name={name}
                    checked={selected === 'mine'}
                    onChange={() => setChoice((c) => ({ ...c, [f.field]: 'mine' }))}
                  />
                  <span>{t('sync.conflict.mine', { value: show(f.mine, t('sync.conflict.empty')) })}</span>
                </label>
                <label className="conflict-choice__option">
                  <input
                    type="radio"
                    name={name}
                    checked={selected === 'server'}
                    onChange={() => setChoice((c) => ({ ...c, [f.field]: 'server' }))}
                  />
                  <span>{t('sync.conflict.server', { value: show(f.server, t('sync.conflict.empty')) })}</span>
                </label>
              </fieldset>
            );
          })
        : null}
      {row.serverDocument !== null ? (
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('sync.conflict.apply')}
        </button>
      ) : null}
    </form>
  );
}
