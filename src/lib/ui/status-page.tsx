import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';

interface StatusPageProps {
  title: string;
  children?: ReactNode;
  /** Small line above the title, e.g. an error code. */
  eyebrow?: string;
  /** Links or buttons below the text. */
  actions?: ReactNode;
  tone?: 'info' | 'warning' | 'error';
}

/** A centred message page: error pages, placeholders, offline and loading. */
export function StatusPage({ title, children, eyebrow, actions, tone = 'info' }: StatusPageProps) {
  useDocumentTitle(title);
  return (
    <section className={`status-page status-page--${tone}`} aria-labelledby="status-page-title">
      {eyebrow ? <p className="status-page__eyebrow">{eyebrow}</p> : null}
      <h1 id="status-page-title" className="status-page__title">
        {title}
      </h1>
      <div className="status-page__body">{children}</div>
      {actions ? <div className="status-page__actions">{actions}</div> : null}
    </section>
  );
}
