import { useTranslation } from 'react-i18next';

const WIDTHS = [70, 55, 80, 60, 75, 50, 65];

/** Placeholder bars while the menu loads for the first time. */
export function MenuSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="menu-skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">{t('shell.menuLoading')}</span>
      {WIDTHS.map((width, index) => (
        <span key={index} className="menu-skeleton__bar" style={{ width: `${width}%` }} aria-hidden="true" />
      ))}
    </div>
  );
}
