import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { PlacementSettingsSchema, SrgTerminationReasonsSchema } from '../../domain/company-settings/settings-input';
import { setPlacementSettings, setSrgTerminationReasons } from './api';
import { processLabels, rejectReasons, srgReasons, type ListRow } from './queries';
import { ListEditor } from './list-editor';
import { failureText, reasonText } from '../../lib/ui/reason-text';
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
  const [labels, setLabels] = useState(initialLabels);
  const [reasons, setReasons] = useState(initialReasons);
  const save = async () => {
    const input = { processLabels: clean(labels), rejectReasons: clean(reasons) };
    const parsed = v.safeParse(PlacementSettingsSchema, input);
    if (!parsed.success) return setNotice({ kind: 'error', text: t((parsed.issues[0]?.message ?? 'admin.errors.unknown') as 'admin.errors.unknown') });
    try {
      const res = await setPlacementSettings(input);
      setNotice(res.success ? { kind: 'ok', text: t('admin.common.saved') } : { kind: 'error', text: reasonText(t, res.reason, res.params) });
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(t, error) });
    }
    return undefined;
  };
  return (
    <div className="admin-page">
      <h1>{t('admin.company.placementsTitle')}</h1>
      <form className="admin-form" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <ListEditor title={t('admin.company.processLabels')} rows={labels} onChange={setLabels} extra="occupiesPlace" />
        <ListEditor title={t('admin.company.rejectReasons')} rows={reasons} onChange={setReasons} />
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
  const [rows, setRows] = useState(initial);
  const save = async () => {
    const input = { reasons: clean(rows) };
    const parsed = v.safeParse(SrgTerminationReasonsSchema, input);
    if (!parsed.success) return setNotice({ kind: 'error', text: t((parsed.issues[0]?.message ?? 'admin.errors.unknown') as 'admin.errors.unknown') });
    try {
      const res = await setSrgTerminationReasons(input);
      setNotice(res.success ? { kind: 'ok', text: t('admin.common.saved') } : { kind: 'error', text: reasonText(t, res.reason, res.params) });
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(t, error) });
    }
    return undefined;
  };
  return (
    <div className="admin-page">
      <h1>{t('admin.company.srgTitle')}</h1>
      <form className="admin-form" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <ListEditor title={t('admin.company.srgTitle')} rows={rows} onChange={setRows} extra="srgValue" />
        {notice ? <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`alert ${notice.kind === 'error' ? 'alert--error' : 'alert--success'}`}>{notice.text}</p> : null}
        <div className="admin-form__actions"><button type="submit" className="button button--primary">{t('admin.common.save')}</button></div>
      </form>
    </div>
  );
}
