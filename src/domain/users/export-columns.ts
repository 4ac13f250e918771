/**
 * The columns of the user and participant exports (exportUsers, exportParticipants) with their Dutch
 * headers: the file is read by people outside the app, so the server writes the headers. The same
 * keys name the columns on the client.
 */
export const USER_EXPORT_COLUMNS = [
  ['username', 'Gebruikersnaam'],
  ['initials', 'Voorletters'],
  ['givenName', 'Voornaam'],
  ['surname', 'Achternaam'],
  ['email', 'E-mailadres'],
  ['phone', 'Telefoonnummer'],
  ['role', 'Rol'],
  ['project', 'Project'],
  ['status', 'Status'],
] as const;

export const PARTICIPANT_EXPORT_COLUMNS = [
  ['lastname', 'Achternaam'],
  ['prefix', 'Tussenvoegsel'],
  ['firstname', 'Voornaam'],
  ['bsn', 'BSN'],
  ['identification', 'Persoonsnummer'],
  ['birthdate', 'Geboortedatum'],
  ['email', 'E-mailadres'],
  ['phone', 'Telefoonnummer'],
  ['street', 'Straat'],
  ['houseNumber', 'Huisnummer'],
  ['zipcode', 'Postcode'],
  ['city', 'Woonplaats'],
  ['status', 'Status'],
  ['coach', 'Coach'],
  ['manager', 'Trajectbegeleider'],
  ['project', 'Project'],
  ['visibility', 'Zichtbaarheid'],
] as const;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function isExportFormat(value: string): value is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(value);
}

/** Header sent with an export: the number of rows that follow, for the progress bar. */
export const EXPORT_ROWS_HEADER = 'x-export-rows';

/** One CSV field: quoted when needed; a leading = + - @ is neutralised (spreadsheet formula injection). */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
