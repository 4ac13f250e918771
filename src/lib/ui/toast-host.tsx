import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { watchSystemTheme } from './display-settings';
import { dismissToast, toastStore } from './toasts';

/** The toasts of the app, bottom of the screen, announced politely; also starts following the system theme. */
export function ToastHost() {
  const { t } = useTranslation();
  const { items } = useSnapshot(toastStore);
  useEffect(() => watchSystemTheme(), []);
  return (
    <section className="toasts" aria-label={t('portal.toast.region')}>
      <div role="status" aria-live="polite">
        <ul className="toasts__list">
        {items.map((item) => (
          <li key={item.id} className={`toast toast--${item.kind}`} data-testid="toast">
            <span className="toast__text">{item.text}</span>
            {item.action ? (
              <button
                type="button"
                className="button button--small toast__action"
                onClick={() => {
                  item.action?.run();
                  dismissToast(item.id);
                }}
              >
                {item.action.label}
              </button>
            ) : null}
            <button type="button" className="toast__close" aria-label={t('portal.toast.close')} onClick={() => dismissToast(item.id)}>
              ×
            </button>
          </li>
        ))}
        </ul>
      </div>
    </section>
  );
}
