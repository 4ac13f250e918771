import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { PlacementSettingsSchema, SrgTerminationReasonsSchema } from '../../domain/company-settings/settings-input';
import { setPlacementSettings, setSrgTerminationReasons } from './api';
import { processLabels, rejectReasons, srgReasons, type ListRow } from './queries';
import { ListEditor, listErrors } from './list-editor';
import { failureText, reasonText } from '../../lib/ui/reason-text';
import { schemaResolver, useFocusFirstInvalid } from '../../lib/forms/form-helpers';
import './company-settings.css';

const clean = (rows: ListRow[]) => rows.map(({ id, ...rest }) => (id ? { id, ...rest } : rest));

/** /company/:id/settings/placements: process labels (occupiesPlace) and reject reasons. */
export function PlacementsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.company.placementsTitle'));
  const labels = useReplicaQuery((r) => processLabels(r), []);
  const reasons = useReplicaQuery((r) => rejectReasons(r), []);
  // The notice lives outside the form: the pull right after a save starts the form again, the "Opgeslagen." stays.
  const [notice, setNotice] = useState<Notice>(null);
  if (!labels || !reasons) return <p aria-live="polite">{t('admin.common.loading')}</p>;
  // a newer list from the replica (a pull after saving, another administrator) starts the form again
  return <PlacementsForm key={JSON.stringify([labels, reasons])} initialLabels={labels} initialReasons={reasons} notice={notice} setNotice={setNotice} />;
}

type Notice = { kind: 'ok' | 'error'; text: string } | null;

function PlacementsForm({ initialLabels, initialReasons, notice, setNotice }: { initialLabels: ListRow[]; initialReasons: ListRow[]; notice: Notice; setNotice: (notice: Notice) => void }) {
  const { t } = useTranslation();
  type Values = { processLabels: ListRow[]; rejectReasons: ListRow[] };
  const toInput = (values: Values) => ({ processLabels: clean(values.processLabels), rejectReasons: clean(values.rejectReasons) });
  // react-hook-form with the write's schema (issue 21): each row's message under its field, gone as it becomes valid
  const { control, handleSubmit, getValues, formState: { errors, submitCount } } = useForm<Values, unknown, unknown>({
    defaultValues: { processLabels: initialLabels, rejectReasons: initialReasons },
    resolver: schemaResolver(t, PlacementSettingsSchema, toInput),
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, submitCount, Object.keys(errors).length > 0);
  const save = async () => {
    setNotice(null);
    try {
      const res = await setPlacementSettings(toInput(getValues()));
      setNotice(res.success ? { kind: 'ok', text: t('admin.common.saved') } : { kind: 'error', text: reasonText(t, res.reason, res.params) });
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(t, error) });
    }
  };
  const refused = () => setNotice(null);
  return (
    <div className="admin-page">
      <h1>{t('admin.company.placementsTitle')}</h1>
      <form ref={formRef} className="admin-form" noValidate onSubmit={(e) => void handleSubmit(save, refused)(e)}>
        {errors.root?.message ? <p role="alert" className="alert alert--error">{errors.root.message}</p> : null}
        <Controller control={control} name="processLabels" render={({ field }) => (
          <ListEditor title={t('admin.company.processLabels')} rows={field.value} onChange={field.onChange} extra="occupiesPlace" errors={listErrors(errors.processLabels)} />
        )} />
        <Controller control={control} name="rejectReasons" render={({ field }) => (
          <ListEditor title={t('admin.company.rejectReasons')} rows={field.value} onChange={field.onChange} errors={listErrors(errors.rejectReasons)} />
        )} />
        {notice ? <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`alert ${notice.kind === 'error' ? 'alert--error' : 'alert--success'}`}>{notice.text}</p> : null}
        <div className="admin-form__actions"><button type="submit" className="button button--primary">{t('admin.common.save')}</button></div>
      </form>
    </div>
  );
}

/** /company/:id/settings/srg: SRG termination reasons (label and SRG value, 02 §3). */
export function SrgPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.company.srgTitle'));
  const rows = useReplicaQuery((r) => srgReasons(r), []);
  const [notice, setNotice] = useState<Notice>(null);
  if (!rows) return <p aria-live="polite">{t('admin.common.loading')}</p>;
  return <SrgForm key={JSON.stringify(rows)} initial={rows} notice={notice} setNotice={setNotice} />;
}

function SrgForm({ initial, notice, setNotice }: { initial: ListRow[]; notice: Notice; setNotice: (notice: Notice) => void }) {
  const { t } = useTranslation();
  const toInput = (values: { reasons: ListRow[] }) => ({ reasons: clean(values.reasons) });
  const { control, handleSubmit, getValues, formState: { errors, submitCount } } = useForm<{ reasons: ListRow[] }, unknown, unknown>({
    defaultValues: { reasons: initial },
    resolver: schemaResolver(t, SrgTerminationReasonsSchema, toInput),
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, submitCount, Object.keys(errors).length > 0);
  const save = async () => {
    setNotice(null);
    try {
      const res = await setSrgTerminationReasons(toInput(getValues()));
      setNotice(res.success ? { kind: 'ok', text: t('admin.common.saved') } : { kind: 'error', text: reasonText(t, res.reason, res.params) });
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(t, error) });
    }
  };
  return (
    <div className="admin-page">
      <h1>{t('admin.company.srgTitle')}</h1>
      <form ref={formRef} className="admin-form" noValidate onSubmit={(e) => void handleSubmit(save, () => setNotice(null))(e)}>
        {errors.root?.message ? <p role="alert" className="alert alert--error">{errors.root.message}</p> : null}
        <Controller control={control} name="reasons" render={({ field }) => (
          <ListEditor title={t('admin.company.srgTitle')} rows={field.value} onChange={field.onChange} extra="srgValue" errors={listErrors(errors.reasons)} />
        )} />
        {notice ? <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`alert ${notice.kind === 'error' ? 'alert--error' : 'alert--success'}`}>{notice.text}</p> : null}
        <div className="admin-form__actions"><button type="submit" className="button button--primary">{t('admin.common.save')}</button></div>
      </form>
    </div>
  );
}
