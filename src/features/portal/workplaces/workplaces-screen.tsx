import { todayIso } from '../../../domain/format/format';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isVacancy, openApplicationFor, type WorkplaceApplicationInput } from '../../../domain/portal/workplaces';
import type { ReplicaDocument } from '../../../domain/sync/types';
import { useReplicaQuery } from '../../../lib/replica/hooks';
import { toast } from '../../../lib/ui/toasts';
import { applyForWorkplace } from '../actions';
import { applicationResolver, type ApplicationValues } from '../form-schemas';
import { formatDate as formatDay } from '../../../lib/format';
import { PortalPage } from '../portal-page';
import * as q from '../queries';
import { str } from '../text';
import { usePortal } from '../use-portal';

const PAGE = 20;

interface Application {
  workplaceId: number;
  status: string;
  pending: boolean;
}

function ApplyForm({ workplace, participantId, onDone }: { workplace: ReplicaDocument; participantId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const [resolver] = useState(() => applicationResolver(Number(workplace.id)));
  const { register, handleSubmit, setError, setFocus, formState: { errors, isSubmitting } } = useForm<ApplicationValues, unknown, WorkplaceApplicationInput>({
    resolver,
    defaultValues: { motivation: '' },
    reValidateMode: 'onChange',
  });
  const error = errors.motivation?.message;
  const id = `motivation-${workplace.uuid}`;
  const name = str(workplace.name);
  const save = async (input: WorkplaceApplicationInput) => {
    const result = await applyForWorkplace(participantId, input.workplaceId, input.motivation);
    if (!result.ok) {
      setError('motivation', { type: 'refused', message: result.error });
      setFocus('motivation');
      return;
    }
    toast(navigator.onLine ? t('portal.workplaces.sent', { name }) : t('portal.workplaces.queued', { name }), { kind: 'success' });
    onDone();
  };
  return (
    <form className="apply-form" onSubmit={(e) => void handleSubmit(save)(e)} noValidate aria-label={t('portal.workplaces.applyFor', { name })}>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {t('portal.workplaces.motivation')}
        </label>
        <textarea id={id} className="input" rows={3} maxLength={2000} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...register('motivation')} />
        {error ? (
          <p className="field__error" id={`${id}-error`} role="alert">
            {t(error as 'portal.validation.invalid')}
          </p>
        ) : null}
      </div>
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('portal.workplaces.send')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('portal.workplaces.cancel')}
        </button>
      </div>
    </form>
  );
}

/** /workplaces (newer portal) and /deelnemerportal/vacature (vacancies, standard portal): browse and apply. */
export function WorkplacesScreen({ vacanciesOnly = false }: { vacanciesOnly?: boolean }) {
  const { t, i18n } = useTranslation();
  const portal = usePortal();
  const pid = portal.participantId ?? 0;
  const all = useReplicaQuery((r) => q.workplaces(r), []);
  const stored = useReplicaQuery((r) => q.applicationsOf(r, pid), [pid]);
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState(PAGE);
  const [applying, setApplying] = useState<string | null>(null);

  const applications: Application[] = (stored ?? []).map((a) => ({ workplaceId: Number(a.workplaceId), status: str(a.status), pending: a._pending === true }));
  const today = todayIso();
  const needle = search.trim().toLowerCase();
  const list = (all ?? [])
    .filter((w) => !vacanciesOnly || isVacancy(w, today))
    .filter((w) => !needle || `${str(w.name)} ${str(w.city)}`.toLowerCase().includes(needle));
  const byId = new Map((all ?? []).map((w) => [Number(w.id), w]));
  const mine = applications.filter((a) => a.status !== 'withdrawn');

  return (
    <PortalPage
      title={vacanciesOnly ? t('portal.workplaces.vacanciesTitle') : t('portal.workplaces.title')}
      intro={vacanciesOnly ? t('portal.workplaces.vacanciesIntro') : t('portal.workplaces.intro')}
      ready={portal.ready}
    >
      <section className="widget" aria-labelledby="my-applications">
        <h2 className="widget__title" id="my-applications">
          {t('portal.workplaces.myApplications')}
        </h2>
        {mine.length === 0 ? (
          <p>{t('portal.workplaces.noApplications')}</p>
        ) : (
          <ul className="plain-list" data-testid="applications">
            {mine.map((a, i) => (
              <li key={`${a.workplaceId}-${i}`}>
                {str(byId.get(a.workplaceId)?.name)}:{' '}
                <span className={`pill ${a.pending ? 'pill--pending' : ''}`}>{a.pending ? t('portal.workplaces.appliedPending') : t(`portal.workplaces.status.${a.status as 'submitted'}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="field">
        <label className="field__label" htmlFor="workplace-search">
          {t('portal.workplaces.search')}
        </label>
        <input id="workplace-search" className="input" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {all === undefined ? <p className="portal__loading">{t('portal.home.loading')}</p> : null}
      {all !== undefined && list.length === 0 ? <p className="portal__empty">{vacanciesOnly ? t('portal.workplaces.vacanciesEmpty') : t('portal.workplaces.empty')}</p> : null}
      <ul className="card-list" data-testid="workplaces">
        {list.slice(0, shown).map((w) => {
          const name = str(w.name);
          const app = openApplicationFor(applications.map((a) => ({ ...a })), Number(w.id));
          return (
            <li key={w.uuid} className="widget workplace" data-testid="workplace">
              <h2 className="widget__title">{name}</h2>
              <ul className="widget__facts">
                {w.city ? <li>{t('portal.workplaces.city', { city: str(w.city) })}</li> : null}
                {typeof w.capacity === 'number' ? <li>{t('portal.workplaces.places', { count: w.capacity })}</li> : null}
                {typeof w.availableSince === 'string' ? <li>{t('portal.workplaces.since', { date: formatDay(w.availableSince, i18n.language) })}</li> : null}
              </ul>
              {app ? (
                <p className="pill pill--ok" data-testid="applied">
                  {app.pending ? t('portal.workplaces.appliedPending') : app.status === 'accepted' ? t('portal.workplaces.accepted') : t('portal.workplaces.applied')}
                </p>
              ) : applying === w.uuid ? (
                <ApplyForm workplace={w} participantId={pid} onDone={() => setApplying(null)} />
              ) : (
                <button type="button" className="button button--primary" aria-label={t('portal.workplaces.applyFor', { name })} onClick={() => setApplying(w.uuid)}>
                  {t('portal.workplaces.apply')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {list.length > shown ? (
        <button type="button" className="button button--block" onClick={() => setShown(shown + PAGE)}>
          {t('portal.workplaces.more')}
        </button>
      ) : null}
    </PortalPage>
  );
}
