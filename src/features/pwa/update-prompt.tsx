import { useTranslation } from 'react-i18next';
import './pwa.css';

interface UpdatePromptProps {
  onAccept: () => void;
  onLater: () => void;
}

/** The spec's update prompt: a new version is waiting; accepting reloads with it. */
export function UpdatePrompt({ onAccept, onLater }: UpdatePromptProps) {
  const { t } = useTranslation();
  return (
    <div className="update-prompt" role="region" aria-label={t('pwa.update.message')}>
      <p className="update-prompt__text" aria-live="polite">
        {t('pwa.update.message')}
      </p>
      <div className="update-prompt__actions">
        <button type="button" className="button button--primary" onClick={onAccept}>
          {t('pwa.update.accept')}
        </button>
        <button type="button" className="button" onClick={onLater}>
          {t('pwa.update.later')}
        </button>
      </div>
    </div>
  );
}
