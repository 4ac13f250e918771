import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { syncApi } from '../../lib/sync-client';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import type { CopyFileInput } from '../../domain/work-plan-files/files';
import { copyFormSchema, type CopyValues } from './form-schemas';
import { tx } from './text';
import { usePlanRows, useViewer } from './hooks';
import { staffPaths } from './paths';

/**
 * `/document/copy/:id` (01 §2; copyFile of 02 §7): copies a work-plan file to another work plan. A declared
 * write (src/domain/work-plan-files/writes.ts), so it works offline too: the copy shows in the target plan
 * at once and the server checks scope and rights when it arrives (a refusal shows on the plan).
 */
export function CopyDocumentPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const router = useRouter();
  useDocumentTitle(t('copyDocument.title'));
  // null: not in this user's replica (unknown, or out of scope); undefined: still reading
  const file = useReplicaQuery(async (r) => (await r.docs('files').get(id)) ?? null, [id]);
  const plans = usePlanRows();
  const viewer = useViewer();
  const [uuid, setUuid] = useState(() => uuidv7());
  // The write's own schema (CopyFileSchema) behind the choice; "choose a plan" goes as soon as one is chosen.
  const { register, handleSubmit, setError, clearErrors, setFocus, formState: { errors, isSubmitting } } = useForm<CopyValues, unknown, CopyFileInput>({
    defaultValues: { workPlanUuid: '' },
    resolver: valibotResolver(copyFormSchema(uuid, id)),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });

  if (file === undefined || plans === undefined) {
    return (
      <section className="page" aria-labelledby="copy-document-title">
        <h1 id="copy-document-title">{t('copyDocument.title')}</h1>
        <p role="status">{t('copyDocument.loading')}</p>
      </section>
    );
  }
  const name = typeof file?.name === 'string' ? file.name : '';
  if (!file || file._deleted || file.deletedAt) {
    return (
      <section className="page" aria-labelledby="copy-document-title">
        <h1 id="copy-document-title">{t('copyDocument.title')}</h1>
        <p className="alert alert--error" role="alert">
          {t('copyDocument.notFound')}
        </p>
        <Link to="/work-plan">{t('copyDocument.toWorkPlans')}</Link>
      </section>
    );
  }
  const sourcePlanId = typeof file.workPlanId === 'number' ? file.workPlanId : null;
  const choices = (plans ?? []).filter((p) => p.id !== null && p.id !== sourcePlanId).sort((a, b) => a.participantName.localeCompare(b.participantName) || a.name.localeCompare(b.name));
  const sourcePlan = (plans ?? []).find((p) => p.id === sourcePlanId);

  const save = async (input: CopyFileInput) => {
    const plan = choices.find((p) => p.uuid === input.workPlanUuid);
    if (!plan || plan.id === null) {
      setError('workPlanUuid', { type: 'validate', message: 'copyDocument.chooseRequired' });
      setFocus('workPlanUuid');
      return;
    }
    if (!viewer) return;
    clearErrors('root');
    try {
      await syncApi().workPlanFiles.copyFile(input, { name, mime: typeof file.mime === 'string' ? file.mime : 'application/octet-stream', size: Number(file.size) || 0, workPlanId: plan.id, userId: viewer.userId });
      await router.navigate({ href: staffPaths.plan(plan.id) });
    } catch {
      // Not queued: the choice stays, the next try is a new copy.
      setUuid(uuidv7());
      setError('root', { type: 'failed', message: 'copyDocument.failed' });
    }
  };
  const error = errors.workPlanUuid?.message ?? errors.root?.message;

  return (
    <section className="page" aria-labelledby="copy-document-title">
      <h1 id="copy-document-title">{t('copyDocument.title')}</h1>
      <p>{t('copyDocument.intro', { name })}</p>
      {sourcePlan ? <p>{t('copyDocument.from', { plan: sourcePlan.name, participant: sourcePlan.participantName })}</p> : null}
      {choices.length === 0 ? (
        <p className="alert alert--warning" role="status">
          {t('copyDocument.noPlans')}
        </p>
      ) : (
        <form onSubmit={(e) => void handleSubmit(save)(e)} noValidate>
          <div className="field">
            <label htmlFor="copy-document-target">{t('copyDocument.target')}</label>
            <select
              id="copy-document-target"
              {...register('workPlanUuid')}
              aria-invalid={errors.workPlanUuid ? true : undefined}
              aria-describedby={error ? 'copy-document-error' : undefined}
            >
              <option value="">{t('copyDocument.choose')}</option>
              {choices.map((p) => (
                <option key={p.uuid} value={p.uuid}>
                  {p.participantName ? `${p.participantName} — ${p.name}` : p.name}
                </option>
              ))}
            </select>
          </div>
          {error ? (
            <p id="copy-document-error" className="alert alert--error" role="alert">
              {tx(t, error)}
            </p>
          ) : null}
          <div className="form-actions">
            <button type="submit" className="button button--primary" disabled={isSubmitting} aria-busy={isSubmitting}>
              {t('copyDocument.submit')}
            </button>
            {sourcePlanId !== null ? <Link to={staffPaths.plan(sourcePlanId)}>{t('copyDocument.cancel')}</Link> : <Link to="/work-plan">{t('copyDocument.cancel')}</Link>}
          </div>
        </form>
      )}
    </section>
  );
}
