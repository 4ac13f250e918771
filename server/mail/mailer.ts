import nodemailer from 'nodemailer';
import type { Queryable } from '../db/db';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The links in the mail (shown by /api/dev/outbox, handy for tests and the demo). */
  links?: string[];
  companyId?: number | null;
}

export interface MailerOptions {
  /** SMTP connection URL (smtp://user:pass@host:587); unset keeps mail in the email_outbox table. */
  smtpUrl: string | undefined;
  from: string;
}

/**
 * Sends a mail through SMTP when SMTP_URL is set; otherwise (or when SMTP fails) stores it in
 * email_outbox, so no mail is ever silently dropped. Mail handed to SMTP is not stored: its links hold secrets.
 */
export async function sendMail(db: Queryable, options: MailerOptions, mail: Mail): Promise<'sent' | 'stored' | 'failed'> {
  if (options.smtpUrl) {
    try {
      const transport = nodemailer.createTransport(options.smtpUrl);
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      return 'sent';
    } catch (err) {
      console.error('SMTP failed; the mail is kept in email_outbox', err);
      await store(db, mail, 'failed', err instanceof Error ? err.message : String(err));
      return 'failed';
    }
  }
  await store(db, mail, 'stored', null);
  return 'stored';
}

async function store(db: Queryable, mail: Mail, status: 'stored' | 'failed', error: string | null): Promise<void> {
  await db.query(
    `INSERT INTO email_outbox (company_id, to_address, subject, text_body, html_body, links, status, error)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [mail.companyId ?? null, mail.to, mail.subject, mail.text, mail.html ?? null, JSON.stringify(mail.links ?? []), status, error],
  );
}

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  links: string[];
  status: string;
  createdAt: string;
}

/** The latest stored mails, newest first (GET /api/dev/outbox). */
export async function recentOutbox(db: Queryable, limit = 50, to?: string): Promise<OutboxMail[]> {
  const { rows } = await db.query<{ id: number; to_address: string; subject: string; text_body: string; links: string[]; status: string; created_at: Date }>(
    `SELECT id, to_address, subject, text_body, links, status, created_at FROM email_outbox
      WHERE ($2::text IS NULL OR lower(to_address) = lower($2)) ORDER BY id DESC LIMIT $1`,
    [limit, to ?? null],
  );
  return rows.map((r) => ({ id: r.id, to: r.to_address, subject: r.subject, text: r.text_body, links: r.links, status: r.status, createdAt: r.created_at.toISOString() }));
}
