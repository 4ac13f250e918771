import type { Mail } from './mailer';
import { serverText } from '../i18n/texts';
import { formatDateTime } from '../../src/domain/format/format';

/**
 * The mails, with their texts from the locale file (notifications.nl.json, `mail.*`). Plain text first;
 * links stand on their own line so every mail client makes them clickable.
 */
const withFooter = (text: string) => `${text}\n\n${serverText('mail.footer')}`;

export function passwordResetMail(to: string, name: string, link: string, validMinutes: number): Mail {
  return {
    to,
    subject: serverText('mail.passwordReset.subject'),
    text: withFooter(serverText('mail.passwordReset.body', { name, link, minutes: validMinutes })),
    links: [link],
  };
}

export function registrationMail(to: string, username: string, link: string): Mail {
  return {
    to,
    subject: serverText('mail.registration.subject'),
    text: withFooter(serverText('mail.registration.body', { name: username, link })),
    links: [link],
  };
}

export function invitationMail(to: string, name: string, link: string, expiresAt: Date | null): Mail {
  const until = expiresAt
    ? `\n\n${serverText('mail.invitation.validUntil', { until: formatDateTime(expiresAt, 'nl') })}`
    : '';
  return {
    to,
    subject: serverText('mail.invitation.subject'),
    text: withFooter(serverText('mail.invitation.body', { name, link }) + until),
    links: [link],
  };
}

/** To the old address after an e-mail change (issue 20): what changed, and the link that undoes it. */
export function emailChangedMail(to: string, name: string, newEmail: string, link: string, validDays: number): Mail {
  return {
    to,
    subject: serverText('mail.emailChanged.subject'),
    text: withFooter(serverText('mail.emailChanged.body', { name, email: newEmail, link, days: validDays })),
    links: [link],
  };
}
