import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface RevokeDialogProps {
  /** What the dialog names: the device's short name and its user. */
  deviceName: string;
  userName: string;
  /** The device this page runs on: revoking it wipes this browser at once. */
  current: boolean;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The confirmation of a revocation, naming what follows (issue 36): a modal dialog, not window.confirm. */
export function RevokeDialog({ deviceName, userName, current, busy, error, onConfirm, onCancel }: RevokeDialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    cancelRef.current?.focus();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} className="devices-dialog" aria-labelledby="revoke-title" aria-describedby="revoke-consequences" onCancel={onCancel}>
      <h2 id="revoke-title">{t('devices.revoke.title', { device: deviceName })}</h2>
      <div id="revoke-consequences">
        <p>{t('devices.revoke.intro', { device: deviceName, user: userName })}</p>
        <ul>
          <li>{t('devices.revoke.sessions')}</li>
          <li>{t('devices.revoke.wipe')}</li>
          <li>{t('devices.revoke.unsent')}</li>
          {current ? <li>{t('devices.revoke.current')}</li> : null}
        </ul>
      </div>
      {error ? (
        <p role="alert" className="alert alert--error">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
          {t('devices.revoke.confirm')}
        </button>
        <button type="button" className="button" ref={cancelRef} onClick={onCancel} disabled={busy}>
          {t('devices.revoke.cancel')}
        </button>
      </div>
    </dialog>
  );
}
