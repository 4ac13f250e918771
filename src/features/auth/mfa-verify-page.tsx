import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { setPendingSteps } from '../../lib/api/auth-flow-state';
import { AuthCard } from './auth-card';
import { sendMfaCode } from './auth-api';
import { errorText } from './error-text';
import { handleStepEnd } from './handle-step-error';
import { MfaCodeForm } from './mfa-code-form';
import { continueAfterSignIn } from './sign-in-flow';

interface MfaVerifyPageProps {
  redirectUri?: string | undefined;
}

/** /login/verify: the six-digit code of an enrolled authenticator (01 §2, §4). */
export function MfaVerifyPage({ redirectUri }: MfaVerifyPageProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const onCode = async (code: string): Promise<string | null> => {
    try {
      setPendingSteps(await sendMfaCode('verify', code));
    } catch (error) {
      if (await handleStepEnd(error)) return null;
      return errorText(t, error);
    }
    await continueAfterSignIn((href) => router.navigate({ href, replace: true }), redirectUri);
    return null;
  };
  return (
    <AuthCard title={t('auth.mfaVerify.title')} intro={<p>{t('auth.mfaVerify.intro')}</p>}>
      <MfaCodeForm submitLabel={t('auth.mfaVerify.submit')} submittingLabel={t('auth.mfaVerify.submitting')} onCode={onCode} />
    </AuthCard>
  );
}
