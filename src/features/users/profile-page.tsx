import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { syncStore } from '../../lib/sync-client';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { setUserAvatar } from './api';
import { fullName, userById } from './queries';
import { failureText, reasonText } from '../../lib/ui/reason-text';
import { UserFormPage } from './user-form-page';
import { ChangeEmailSection } from './email-change';

const AVATAR_MAX_BYTES = 500 * 1024;

/** /user/edit-profiel: the signed-in user's own details and avatar. */
export function ProfilePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.profile.title'));
  const { session } = useSnapshot(syncStore);
  const userId = session?.userId ?? null;
  const me = useReplicaQuery((r) => (userId === null ? Promise.resolve(null) : userById(r, userId)), [userId]);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const fileId = useId();
  const settings = (me?.settings ?? {}) as { avatar?: unknown };
  const avatar = typeof settings.avatar === 'string' ? settings.avatar : null;

  const upload = async (file: File | null) => {
    setMessage(null);
    if (file && file.size > AVATAR_MAX_BYTES) {
      setMessage({ kind: 'error', text: t('admin.errors.profile.avatarTooLarge') });
      return;
    }
    try {
      const res = await setUserAvatar(file);
      setMessage(res.success ? { kind: 'ok', text: t('admin.profile.avatarSaved') } : { kind: 'error', text: reasonText(t, res.reason, res.params) });
    } catch (error) {
      setMessage({ kind: 'error', text: failureText(t, error) });
    }
  };

  return (
    <div className="admin-page">
      <h1>{t('admin.profile.title')}</h1>
      <p>
        <Link to="/user/devices">{t('admin.profile.devicesLink')}</Link>
      </p>
      <section className="admin-form" aria-labelledby={`${fileId}-title`}>
        <h2 id={`${fileId}-title`}>{t('admin.profile.avatar')}</h2>
        {avatar && me ? <img src={avatar} alt={t('admin.profile.avatarAlt', { name: fullName(me) })} width={96} height={96} /> : null}
        <div className="field">
          <label className="field__label" htmlFor={fileId}>{t('admin.profile.avatarUpload')}</label>
          <input id={fileId} type="file" accept="image/png,image/jpeg" aria-describedby={`${fileId}-hint`} onChange={(e) => void upload(e.target.files?.[0] ?? null)} />
          <p id={`${fileId}-hint`} className="admin-muted">{t('admin.profile.avatarHint')}</p>
        </div>
        {avatar ? <button type="button" className="button" onClick={() => void upload(null)}>{t('admin.profile.avatarRemove')}</button> : null}
        {message ? <p role={message.kind === 'error' ? 'alert' : 'status'} className={`alert ${message.kind === 'error' ? 'alert--error' : 'alert--success'}`}>{message.text}</p> : null}
      </section>
      {me ? <ChangeEmailSection current={typeof me.email === 'string' ? me.email : ''} /> : null}
      {userId !== null ? <UserFormPage userId={userId} /> : null}
    </div>
  );
}
