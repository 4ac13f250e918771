import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from './auth-card';
import { confirmRegistration } from './auth-api';
import { NewPasswordFormView } from './new-password-form';

/** /registration/confirm/:token: the self-registered participant chooses a password (link valid 24 hours). */
export function ConfirmRegistrationPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  return (
    <AuthCard title={t('auth.confirmRegistration.title')} intro={done ? null : <p>{t('auth.confirmRegistration.intro')}</p>}>
      {done ? (
        <p className="alert alert--success" role="status">
          {t('auth.confirmRegistration.done')}
        </p>
      ) : (
        <NewPasswordFormView
          idPrefix="registration"
          passwordLabel={t('auth.confirmRegistration.password')}
          confirmLabel={t('auth.confirmRegistration.confirmPassword')}
          submitLabel={t('auth.confirmRegistration.submit')}
          submittingLabel={t('auth.confirmRegistration.submitting')}
          onPassword={(password) => confirmRegistration(token, password)}
          onDone={() => setDone(true)}
        />
      )}
    </AuthCard>
  );
}
