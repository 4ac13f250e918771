import { useTranslation } from 'react-i18next';

interface LogoProps {
  /** The company's uploaded logo; the Werkpad mark when absent. */
  logoUri?: string | null;
  companyName?: string | null;
}

/** The brand mark with the company name (or "Werkpad") beside it. */
export function Logo({ logoUri, companyName }: LogoProps) {
  const { t } = useTranslation();
  const name = companyName ?? t('app.name');
  return (
    <span className="logo">
      {logoUri ? (
        <img className="logo__image" src={logoUri} alt={t('shell.logoAlt', { company: name })} />
      ) : (
        <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
          <rect width="32" height="32" rx="7" fill="currentColor" opacity="0.16" />
          <path d="M6 10l4.5 13L16 12l5.5 11L26 10" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      )}
      <span className="logo__name">{name}</span>
    </span>
  );
}
