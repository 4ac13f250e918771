import type { Mail } from './mailer';

/** Dutch mail texts. Plain text first; links stand on their own line so every mail client makes them clickable. */

const footer = '\n\nMet vriendelijke groet,\nWerkpad\n\nDit bericht is automatisch verstuurd; u kunt er niet op antwoorden.';

export function passwordResetMail(to: string, name: string, link: string, validMinutes: number): Mail {
  return {
    to,
    subject: 'Wachtwoord opnieuw instellen',
    text:
      `Beste ${name},\n\nU heeft gevraagd om uw wachtwoord opnieuw in te stellen. Dat kan via deze link:\n\n${link}\n\n` +
      `De link is ${validMinutes} minuten geldig en werkt één keer. Heeft u dit niet zelf gevraagd? Dan kunt u deze e-mail negeren; uw wachtwoord blijft ongewijzigd.` +
      footer,
    links: [link],
  };
}

export function registrationMail(to: string, username: string, link: string): Mail {
  return {
    to,
    subject: 'Bevestig uw aanmelding',
    text:
      `Beste ${username},\n\nBedankt voor uw aanmelding. Bevestig uw aanmelding en kies een wachtwoord via deze link:\n\n${link}\n\n` +
      'De link is 24 uur geldig. Heeft u zich niet aangemeld? Dan kunt u deze e-mail negeren.' +
      footer,
    links: [link],
  };
}

export function invitationMail(to: string, name: string, link: string, expiresAt: Date | null): Mail {
  const until = expiresAt
    ? `\n\nDe uitnodiging is geldig tot ${expiresAt.toLocaleString('nl-NL', { timeZone: 'Europe/Amsterdam', dateStyle: 'long', timeStyle: 'short' })}.`
    : '';
  return {
    to,
    subject: 'Uitnodiging voor Werkpad',
    text: `Beste ${name},\n\nU bent uitgenodigd om een account aan te maken in Werkpad. Kies uw wachtwoord via deze link:\n\n${link}${until}` + footer,
    links: [link],
  };
}
