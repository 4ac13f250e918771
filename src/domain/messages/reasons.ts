/**
 * i18n keys of the messages area with their Dutch text. The valibot schemas use the keys as their
 * messages; the server answers the Dutch text as `reason` (the spec's answers carry human messages);
 * the client translates the keys through nl.json / en.json (messages.errors.*).
 */
export const messageReasonsNl = {
  'messages.errors.subjectRequired': 'Veld Onderwerp is niet ingevuld',
  'messages.errors.bodyRequired': 'Veld Bericht is niet ingevuld',
  'messages.errors.recipientRequired': 'Veld Ontvanger is niet ingevuld',
  'messages.errors.subjectTooLong': 'Veld Onderwerp mag maximaal 255 tekens bevatten',
  'messages.errors.bodyTooLong': 'Veld Bericht mag maximaal 20000 tekens bevatten',
  'messages.errors.tooManyAttachments': 'Een bericht mag maximaal 5 bijlagen hebben',
  'messages.errors.recipientNotAllowed': 'U kunt geen bericht sturen aan deze ontvanger',
  'messages.errors.parentNotFound': 'Het bericht waarop u antwoordt bestaat niet (meer)',
  'messages.errors.attachmentNotFound': 'Een bijlage is niet (meer) beschikbaar; voeg hem opnieuw toe',
  'messages.errors.notFound': 'Dit bericht bestaat niet of u heeft er geen toegang toe',
  'messages.errors.invalidId': 'Ongeldig bericht',
  'messages.errors.fileTooLarge': 'Het bestand is te groot: maximaal 10 MB',
  'messages.errors.fileTypeNotAllowed': 'Dit bestandstype is niet toegestaan: kies een pdf, afbeelding, Office-document of tekstbestand',
  'messages.errors.fileMissing': 'Kies een bestand',
  'messages.errors.fileEmpty': 'Het bestand is leeg',
  'messages.errors.forbidden': 'U heeft geen rechten voor deze actie',
} as const;

export type MessageReasonKey = keyof typeof messageReasonsNl;

export function isMessageReasonKey(key: string): key is MessageReasonKey {
  return Object.hasOwn(messageReasonsNl, key);
}

/** The Dutch text of a key (the server's `reason`). */
export function reasonNl(key: MessageReasonKey): string {
  return messageReasonsNl[key];
}

/** The key of a Dutch reason the server answered, for translating it on the client (null: show as is). */
export function reasonKeyOf(text: string | null | undefined): MessageReasonKey | null {
  if (!text) return null;
  if (isMessageReasonKey(text)) return text;
  const found = (Object.entries(messageReasonsNl) as [MessageReasonKey, string][]).find(([, nl]) => nl === text);
  return found ? found[0] : null;
}
