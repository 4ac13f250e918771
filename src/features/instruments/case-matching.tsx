import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useAreaSettings, useCase, usePeople } from './hooks';
import { AreaOff } from './area-off';
import { InstrumentMatching } from './matching';
import './instruments.css';

/** /instruments/match/case/:caseId: the case manager matches instruments for the case's participant. */
export function CaseMatchingPage({ caseId }: { caseId: number }) {
  const { t } = useTranslation();
  const settings = useAreaSettings();
  const found = useCase(caseId);
  const people = usePeople();
  const person = found ? people?.find((p) => p.id === found.participantId) : undefined;
  const title = found ? t('instruments.match.caseTitle', { name: found.name }) : t('instruments.match.title');
  useDocumentTitle(title);
  if (settings && settings.mode === 'disabled') return <AreaOff what="instruments" />;
  if (found === undefined || !people) return <p role="status">{t('instruments.loading')}</p>;
  return (
    <section className="instruments" aria-labelledby="case-match-title">
      <h1 id="case-match-title">{title}</h1>
      {!found || found.participantId === null ? (
        <p role="status">{t('instruments.match.caseNotFound')}</p>
      ) : (
        <>
          <p className="instruments__muted">{t('instruments.match.caseFor', { name: person?.name ?? '', reference: found.reference || '—' })}</p>
          <InstrumentMatching participantId={found.participantId} caseId={caseId} />
        </>
      )}
    </section>
  );
}
