import type { AuthErrorCode, OAuthErrorCode } from './error-codes';

/**
 * i18n keys of everything sign-in related, with the Dutch text. The valibot schemas in this folder use
 * the keys as their messages; the server sends the Dutch text as `message` / `reason` (the spec's API
 * answers carry human messages); the client translates the keys (nl.json may import this map).
 */
export const authMessagesNl = {
  'auth.invalidCredentials': 'We kunnen uw inlog gegevens niet valideren. Probeer het nogmaals.',
  'auth.tooManyFailedLogins':
    'Te veel mislukte inlogpogingen. Uw account is tijdelijk geblokkeerd; probeer het over {minutes} minuten opnieuw.',
  'auth.userBlocked': 'Uw account is geblokkeerd. Neem contact op met uw beheerder.',
  'auth.unsupportedGrantType': 'Deze manier van inloggen wordt niet ondersteund.',
  'auth.sessionExpired': 'Uw sessie is verlopen. Log alstublieft opnieuw in.',
  'auth.accessDenied': 'Uw sessie is verlopen. Log alstublieft opnieuw in.',
  'auth.noCurrentUser': 'U bent niet ingelogd. Log alstublieft in.',
  'auth.maintenance': 'Er wordt onderhoud uitgevoerd. Probeer het later opnieuw.',
  'auth.mfaValidationRequired': 'Voer de zescijferige code uit uw authenticator-app in.',
  'auth.mfaSetupRequired': 'Stel eerst tweestapsverificatie in.',
  'auth.passwordChangeRequired': 'Wijzig eerst uw wachtwoord.',
  'auth.mfaCodeInvalid': 'De code is ongeldig. Probeer het opnieuw.',
  'auth.mfaTooManyAttempts': 'Te veel ongeldige codes. U bent uitgelogd; log opnieuw in.',
  'auth.mfaAlreadySetUp': 'Tweestapsverificatie is al ingesteld.',
  'auth.mfaNotSetUp': 'Tweestapsverificatie is nog niet ingesteld.',
  'auth.mfaReset': 'De tweestapsverificatie van deze gebruiker is gereset.',
  'auth.imitationForbidden': 'U mag niet inloggen als deze gebruiker.',
  'auth.saImitationForbidden': 'Inloggen als een superbeheerder is niet toegestaan.',
  'auth.imitationPasswordChange': 'Tijdens inloggen als een andere gebruiker kunt u geen wachtwoord wijzigen.',
  'auth.forbidden': 'U heeft geen rechten voor deze actie.',
  'auth.userNotFound': 'Gebruiker niet gevonden.',
  'auth.passwordResetSent':
    'Als er een account bij deze gegevens hoort, ontvangt u binnen enkele minuten een e-mail met een link om uw wachtwoord opnieuw in te stellen.',
  'auth.resetTokenInvalid': 'Deze link om uw wachtwoord opnieuw in te stellen is ongeldig of verlopen. Vraag een nieuwe aan.',
  'auth.passwordChanged': 'Uw wachtwoord is gewijzigd.',
  'auth.registrationCodeInvalid': 'De aanmeldcode is ongeldig.',
  'auth.usernameInUse': 'Deze gebruikersnaam is al in gebruik. Kies een andere.',
  'auth.registrationSent': 'We hebben u een e-mail gestuurd. Bevestig uw aanmelding binnen 24 uur via de link in de e-mail.',
  'auth.linkInvalidOrExpired': 'Deze link is ongeldig of verlopen.',
  'auth.invitationExpired': 'Deze uitnodiging is verlopen. Vraag de afzender om een nieuwe uitnodiging.',
  'auth.invitationRevoked': 'Deze uitnodiging is ingetrokken.',
  'auth.invitationUsed': 'Deze uitnodiging is al gebruikt. U kunt inloggen.',
  'auth.invitationNotFound': 'Deze uitnodiging bestaat niet.',
  'auth.genericProblem': 'Er ging iets mis. Probeer het later opnieuw of neem contact op met de helpdesk.',
  'validation.required': 'Veld {field} is niet ingevuld',
  'validation.email': 'Vul een geldig e-mailadres in.',
  'validation.username': 'Een gebruikersnaam mag alleen letters, cijfers en een liggend streepje (_) bevatten.',
  'validation.invitationUsername':
    'Een gebruikersnaam mag alleen letters, cijfers en een liggend streepje (_) bevatten, of een e-mailadres zijn.',
  'validation.mfaCode': 'Vul de zescijferige code in.',
  'validation.password.tooShort': 'Het wachtwoord moet minimaal 16 tekens lang zijn.',
  'validation.password.tooLong': 'Het wachtwoord mag maximaal 128 tekens lang zijn.',
  'validation.password.mustHaveNumber': 'Het wachtwoord moet minimaal 1 cijfer bevatten.',
  'validation.password.mustHaveCapital': 'Het wachtwoord moet minimaal 1 hoofdletter bevatten.',
  'validation.password.mustHaveSpecial':
    'Het wachtwoord moet minimaal 1 speciaal teken bevatten: ! @ # $ % & * + - = ? / < >',
  'validation.password.invalidCharacters':
    'Het wachtwoord mag alleen letters, cijfers en de speciale tekens ! @ # $ % & * + - = ? / < > bevatten.',
  'validation.password.mismatch': 'De wachtwoorden komen niet overeen.',
  'validation.password.sameAsOld': 'Het nieuwe wachtwoord mag niet gelijk zijn aan het oude wachtwoord.',
  'validation.password.oldIncorrect': 'Het huidige wachtwoord is onjuist.',
  'validation.invalid': 'Deze invoer is ongeldig.',
} as const;

export type AuthMessageKey = keyof typeof authMessagesNl;

/** Dutch text of a key, with {placeholders} filled in; unknown keys come back as they are. */
export function authMessage(key: string, params: Record<string, string | number> = {}): string {
  const text: string = key in authMessagesNl ? authMessagesNl[key as AuthMessageKey] : key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The message key that goes with each wire code. */
export const authErrorMessageKey: Record<AuthErrorCode | OAuthErrorCode, AuthMessageKey> = {
  token_expired: 'auth.sessionExpired',
  access_denied: 'auth.accessDenied',
  no_current_user: 'auth.noCurrentUser',
  maintenance_mode_enabled: 'auth.maintenance',
  mfa_validation_required: 'auth.mfaValidationRequired',
  mfa_setup_required: 'auth.mfaSetupRequired',
  password_change_required: 'auth.passwordChangeRequired',
  imitation_forbidden: 'auth.imitationForbidden',
  sa_imitation_forbidden: 'auth.saImitationForbidden',
  invalid_request: 'validation.invalid',
  unsupported_grant_type: 'auth.unsupportedGrantType',
  invalid_grant: 'auth.invalidCredentials',
  user_blocked: 'auth.userBlocked',
  account_locked: 'auth.tooManyFailedLogins',
  mfa_code_invalid: 'auth.mfaCodeInvalid',
  mfa_too_many_attempts: 'auth.mfaTooManyAttempts',
  mfa_already_set_up: 'auth.mfaAlreadySetUp',
  mfa_not_set_up: 'auth.mfaNotSetUp',
  not_found: 'auth.userNotFound',
};
