import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from './auth-card';
import { resetPassword } from './auth-api';
import { NewPasswordFormView } from './new-password-form';

/** /login/reset-password/:token: a new password with the mailed single-use token. */
export function ResetPasswordPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  return (
    <AuthCard title={t('auth.resetPassword.title')} intro={done ? null : <p>{t('auth.resetPassword.intro')}</p>}>
      {done ? (
        <p className="alert alert--success" role="status">
          {t('auth.resetPassword.done')}
        </p>
      ) : (
        <NewPasswordFormView
          idPrefix="reset"
          passwordLabel={t('auth.resetPassword.password')}
          confirmLabel={t('auth.resetPassword.confirmPassword')}
          submitLabel={t('auth.resetPassword.submit')}
          submittingLabel={t('auth.resetPassword.submitting')}
          onPassword={(password) => resetPassword(token, password)}
          onDone={() => setDone(true)}
        />
      )}
    </AuthCard>
  );
}
