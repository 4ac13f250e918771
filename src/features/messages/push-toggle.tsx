import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../lib/error-reporting';
import { enablePush, pushState, type PushState } from './push-subscription';

/** "Meldingen aanzetten": new messages as notifications, when the browser can and the user allows. */
export function PushToggle() {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState>('unsupported');
  useEffect(() => {
    let alive = true;
    pushState().then(
      (s) => {
        if (alive) setState(s);
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);
  if (state === 'unsupported' || state === 'on') return null;
  if (state === 'denied') return <p className="field__hint">{t('messages.push.denied')}</p>;
  return (
    <button type="button" className="button" onClick={() => enablePush().then(setState, reportError)}>
      {t('messages.push.enable')}
    </button>
  );
}
