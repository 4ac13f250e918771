import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../../lib/ui/public-frame';
import { NavLink } from '../../lib/ui/nav-link';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useFormat } from '../../lib/format';
import './access-token-page.css';

/** What GET /api/dev/access-token answers (server/http/auth-dev-routes.ts, development only). */
export interface DevAccessToken {
  token: string;
  userId: number;
  realUserId: number;
  companyId: number;
  roleId: number;
  chain: number[];
  expiresAt: string | null;
  maxExpiresAt: string | null;
}

type State = { kind: 'loading' } | { kind: 'signedOut' } | { kind: 'failed' } | { kind: 'ready'; info: DevAccessToken };

async function fetchAccessToken(): Promise<State> {
  try {
    const res = await fetch('/api/dev/access-token', { credentials: 'include', headers: { accept: 'application/json' } });
    if (res.status === 401) return { kind: 'signedOut' };
    if (!res.ok) return { kind: 'failed' };
    return { kind: 'ready', info: (await res.json()) as DevAccessToken };
  } catch {
    return { kind: 'failed' };
  }
}

/**
 * `/development/access-token` (01 §2, development only): the signed-in session's access token, its
 * identity and expiry, with a copy button and a curl example. The cookie that holds the token is
 * httpOnly, so the page asks the development-only endpoint for it.
 */
export function AccessTokenPage() {
  const { t } = useTranslation();
  const format = useFormat();
  useDocumentTitle(t('development.accessToken.title'));
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    let live = true;
    void fetchAccessToken().then((next) => {
      if (live) setState(next);
    });
    return () => {
      live = false;
    };
  }, []);
  const retry = () => {
    setState({ kind: 'loading' });
    void fetchAccessToken().then(setState);
  };

  const copyToken = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <PublicFrame wide>
      <section className="card" aria-labelledby="access-token-title" aria-busy={state.kind === 'loading'}>
        <h1 id="access-token-title">{t('development.accessToken.title')}</h1>
        <p>{t('development.accessToken.intro')}</p>
        {state.kind === 'loading' ? <p role="status">{t('development.accessToken.loading')}</p> : null}
        {state.kind === 'signedOut' ? (
          <p className="alert alert--warning">
            {t('development.accessToken.signedOut')} <NavLink href="/login">{t('development.accessToken.signIn')}</NavLink>
          </p>
        ) : null}
        {state.kind === 'failed' ? (
          <div className="alert alert--error" role="alert">
            <p>{t('development.accessToken.failed')}</p>
            <button type="button" className="button" onClick={retry}>{t('development.accessToken.retry')}</button>
          </div>
        ) : null}
        {state.kind === 'ready' ? (
          <>
            <div className="field">
              <label htmlFor="access-token">{t('development.accessToken.token')}</label>
              <textarea id="access-token" className="input dev-token__value" readOnly rows={3} value={state.info.token} spellCheck={false} onFocus={(e) => e.currentTarget.select()} />
            </div>
            <p>
              <button type="button" className="button button--primary" onClick={() => void copyToken(state.info.token)}>
                {t('development.accessToken.copy')}
              </button>
            </p>
            <p role="status">
              {copy === 'copied' ? t('development.accessToken.copied') : copy === 'failed' ? t('development.accessToken.copyFailed') : ''}
            </p>
            <dl className="dev-token__facts">
              <dt>{t('development.accessToken.user')}</dt>
              <dd>#{state.info.userId}</dd>
              <dt>{t('development.accessToken.realUser')}</dt>
              <dd>#{state.info.realUserId}</dd>
              <dt>{t('development.accessToken.company')}</dt>
              <dd>#{state.info.companyId}</dd>
              <dt>{t('development.accessToken.role')}</dt>
              <dd>{state.info.roleId}</dd>
              <dt>{t('development.accessToken.chain')}</dt>
              <dd>{state.info.chain.length > 0 ? state.info.chain.map((id) => `#${id}`).join(' → ') : t('development.accessToken.none')}</dd>
              <dt>{t('development.accessToken.expiresAt')}</dt>
              <dd>{state.info.expiresAt ? format.dateTime(state.info.expiresAt) : '—'}</dd>
              <dt>{t('development.accessToken.maxExpiresAt')}</dt>
              <dd>{state.info.maxExpiresAt ? format.dateTime(state.info.maxExpiresAt) : '—'}</dd>
            </dl>
            <h2>{t('development.accessToken.example')}</h2>
            <pre className="dev-token__example">
              <code>{`curl -H 'Authorization: Bearer ${state.info.token}' -H 'content-type: application/json' \\\n  -d '{"query":"{ me { id } }"}' ${window.location.origin}/api/v2/graph`}</code>
            </pre>
          </>
        ) : null}
      </section>
    </PublicFrame>
  );
}
