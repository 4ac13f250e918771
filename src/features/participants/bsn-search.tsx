import { useId, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { sessionStore } from '../../lib/session/session-store';
import { roleKind } from '../../domain/users/roles-policy';
import { isValidBsn } from '../../domain/participants/participant-input';
import { failureText, reasonText } from '../../lib/ui/reason-text';
import { searchByBsn, type BsnSearchAnswer } from './api';
import type { ReasonParams } from '../../lib/api/api-error';

/** Roles that may see whole BSNs (the server's rule: those who edit participants). */
export const mayUseBsn = (roleId: number): boolean => ['admin', 'manager', 'coach'].includes(roleKind(roleId));

/**
 * Search by BSN (issue 20): not a filter of the list but an explicit action, online only, for roles that
 * may see BSNs. The whole number only; the server logs every search and limits how many a user makes.
 */
export function BsnSearch() {
  const { t } = useTranslation();
  const { user } = useSnapshot(sessionStore);
  const id = useId();
  const [bsn, setBsn] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ kind: 'error'; text: string } | { kind: 'done'; result: BsnSearchAnswer } | null>(null);
  if (!user || !mayUseBsn(user.roleId)) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const digits = bsn.replace(/[\s.-]/g, '');
    if (!isValidBsn(digits)) {
      setAnswer({ kind: 'error', text: t('reasons.bsnSearchInvalid') });
      return;
    }
    setBusy(true);
    setAnswer(null);
    try {
      const result = await searchByBsn(digits);
      setAnswer(result.success ? { kind: 'done', result } : { kind: 'error', text: reasonText(t, result.reason, result.params as ReasonParams | null) });
    } catch (error) {
      setAnswer({ kind: 'error', text: failureText(t, error) });
    } finally {
      setBusy(false);
    }
  };

  const found = answer?.kind === 'done' ? answer.result.participant : null;
  return (
    <form className="participants-page__bsn field" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <label id={`${id}-title`} htmlFor={id}>{t('participants.bsnSearch.label')}</label>
      <div className="participants-page__bsn-row">
        <input id={id} className="input" inputMode="numeric" autoComplete="off" maxLength={11} value={bsn}
          aria-describedby={`${id}-hint`} onChange={(e) => setBsn(e.target.value)} />
        <button type="submit" className="button" disabled={busy}>{busy ? t('participants.bsnSearch.busy') : t('participants.bsnSearch.submit')}</button>
      </div>
      <p id={`${id}-hint`} className="admin-muted">{t('participants.bsnSearch.hint')}</p>
      {answer?.kind === 'error' ? <p role="alert" className="alert alert--error">{answer.text}</p> : null}
      {answer?.kind === 'done' ? (
        <p role="status" data-testid="bsn-search-result">
          {found
            ? <Link to="/participant/$id" params={{ id: found.id }}>{[found.firstname, found.prefix, found.lastname].filter(Boolean).join(' ')}</Link>
            : t('participants.bsnSearch.none')}
        </p>
      ) : null}
    </form>
  );
}
