import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, LANGUAGES } from '../../i18n/i18n';

interface LanguageSwitcherProps {
  className?: string;
}

/**
 * Two toggle buttons, each named in its own language so people find theirs whatever the current
 * interface language is. The group is labelled "Taal" / "Language".
 */
export function LanguageSwitcher({ className }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation();
  const active = i18n.resolvedLanguage ?? currentLanguage();
  return (
    <div role="group" aria-label={t('language.label')} className={['language-switcher', className].filter(Boolean).join(' ')}>
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          className="language-switcher__option"
          aria-pressed={active === lng}
          onClick={() => void changeLanguage(lng)}
        >
          {t(`language.${lng}`)}
        </button>
      ))}
    </div>
  );
}
