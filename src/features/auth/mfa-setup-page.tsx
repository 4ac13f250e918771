import { useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/api-error';
import { setPendingSteps } from '../../lib/api/auth-flow-state';
import { AuthCard } from './auth-card';
import { fetchMfaSetup, sendMfaCode, type MfaSetupData } from './auth-api';
import { errorText } from './error-text';
import { handleStepEnd } from './handle-step-error';
import { MfaCodeForm } from './mfa-code-form';
import { MfaPasswordForm } from './mfa-password-form';
import { continueAfterSignIn, redirectQuery } from './sign-in-flow';

interface MfaSetupPageProps {
  redirectUri?: string | undefined;
}

type Load = { state: 'password' } | { state: 'ready'; data: MfaSetupData };

/**
 * /login/setup: the password once more, then enrol an authenticator app with the QR code or the secret,
 * confirmed by a first code.
 */
export function MfaSetupPage({ redirectUri }: MfaSetupPageProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const [load, setLoad] = useState<Load>({ state: 'password' });

  const onPassword = async (password: string): Promise<string | null> => {
    try {
      setLoad({ state: 'ready', data: await fetchMfaSetup(password) });
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'mfa_already_set_up') {
        await router.navigate({ href: `/login/verify${redirectQuery(redirectUri)}`, replace: true });
        return null;
      }
      if (await handleStepEnd(error)) return null;
      return errorText(t, error);
    }
  };

  const onCode = async (code: string): Promise<string | null> => {
    try {
      setPendingSteps(await sendMfaCode('setup', code));
    } catch (error) {
      if (await handleStepEnd(error)) return null;
      return errorText(t, error);
    }
    await continueAfterSignIn((href) => router.navigate({ href, replace: true }), redirectUri);
    return null;
  };

  return (
    <AuthCard title={t('auth.mfaSetup.title')} intro={<p>{t('auth.mfaSetup.intro')}</p>}>
      {load.state === 'password' ? <MfaPasswordForm onPassword={onPassword} /> : null}
      {load.state === 'ready' ? (
        <>
          <ol className="auth-steps">
            <li>{t('auth.mfaSetup.step1')}</li>
            <li>{t('auth.mfaSetup.step2')}</li>
            <li>{t('auth.mfaSetup.step3')}</li>
          </ol>
          <img className="mfa-setup__qr" src={load.data.qrCodeDataUrl} alt={t('auth.mfaSetup.qrAlt')} width={200} height={200} />
          <p className="field__label" id="mfa-secret-label">
            {t('auth.mfaSetup.secretLabel')}
          </p>
          <code className="mfa-setup__secret" aria-labelledby="mfa-secret-label" data-testid="mfa-secret">
            {load.data.secret}
          </code>
          <MfaCodeForm submitLabel={t('auth.mfaSetup.submit')} submittingLabel={t('auth.mfaSetup.submitting')} onCode={onCode} />
        </>
      ) : null}
    </AuthCard>
  );
}
