import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useTranslation } from 'react-i18next';
import { DevicePinSchema, type DevicePinValues } from '../../../domain/auth/device-pin';
import { AuthCard } from '../auth-card';
import { authText } from '../auth-text';
import { PasswordField } from '../password-field';
import { setDevicePin } from './device-unlock';

interface DevicePinFormProps {
  /** Set or skipped: go on where the sign-in was going. */
  onDone: () => Promise<void> | void;
  /** The device keeps an older, shorter PIN of the user (issue 36): ask for a new one. */
  renew?: boolean;
}

/**
 * After an online SSO sign-in of a user this device cannot open offline (issue 24): offers a device PIN
 * (8–12 digits, typed twice, no repeated digit or plain run), hashed on the device like a password and never
 * sent. "Not now" goes on without it (the offer comes back at the next SSO sign-in).
 */
export function DevicePinForm({ onDone, renew = false }: DevicePinFormProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<DevicePinValues>({ resolver: valibotResolver(DevicePinSchema), defaultValues: { pin: '', repeat: '' } });

  const onSubmit = async (values: DevicePinValues) => {
    setFailed(false);
    const saved = await setDevicePin(values.pin).catch(() => false);
    if (!saved) {
      setFailed(true);
      return;
    }
    await onDone();
  };

  const message = (key: unknown) => (typeof key === 'string' && key ? authText(t, key) : null);
  return (
    <AuthCard title={t('auth.deviceUnlock.pinTitle')} backToLogin={false}>
      <p className="login__intro">{renew ? t('auth.deviceUnlock.pinRenew') : t('auth.deviceUnlock.pinOffer')}</p>
      {failed ? (
        <p className="alert alert--error" role="alert">
          {t('auth.deviceUnlock.pinFailed')}
        </p>
      ) : null}
      <form className="login__form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} data-testid="device-pin-form">
        <PasswordField id="device-pin" label={t('auth.deviceUnlock.pinNew')} autoComplete="new-password" error={message(errors.pin?.message)} registration={register('pin')} />
        <PasswordField id="device-pin-repeat" label={t('auth.deviceUnlock.pinRepeat')} autoComplete="new-password" error={message(errors.repeat?.message)} registration={register('repeat')} />
        <button type="submit" className="button button--primary button--block" disabled={isSubmitting}>
          {isSubmitting ? t('auth.deviceUnlock.pinSaving') : t('auth.deviceUnlock.pinSave')}
        </button>
        <button type="button" className="button button--block" disabled={isSubmitting} onClick={() => void onDone()}>
          {t('auth.deviceUnlock.pinSkip')}
        </button>
      </form>
    </AuthCard>
  );
}
