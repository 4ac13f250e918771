import { describe, expect, it } from 'vitest';
import { en, nl } from './resources';
import { MESSAGE_REASON_KEYS } from '../domain/messages/reasons';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );
}

const nlLeaves = leaves(nl);
const enLeaves = leaves(en);

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

describe('locale files', () => {
  it('nl and en have exactly the same keys', () => {
    expect(enLeaves.map(([k]) => k).sort()).toEqual(nlLeaves.map(([k]) => k).sort());
  });

  it.each([
    ['nl', nlLeaves],
    ['en', enLeaves],
  ])('%s has no empty values', (_lng, entries) => {
    expect(entries.filter(([, value]) => value.trim() === '').map(([k]) => k)).toEqual([]);
  });

  it('every translation uses the same placeholders in both languages', () => {
    const enMap = new Map(enLeaves);
    const mismatched = nlLeaves.filter(([key, value]) => placeholders(value).join() !== placeholders(enMap.get(key) ?? '').join());
    expect(mismatched.map(([k]) => k)).toEqual([]);
  });

  it.each([
    ['nl', nlLeaves],
    ['en', enLeaves],
  ])('%s writes plurals as i18next plural forms, not as "fout(en)" or "row(s)"', (_lng, entries) => {
    expect(entries.filter(([, value]) => /\p{L}\((en|s|e|n)\)|\p{L}\/\p{L}+en\b/u.test(value)).map(([k]) => k)).toEqual([]);
  });

  it('addresses every user, participants included, as "u" (docs/decisions.md)', () => {
    expect(nlLeaves.filter(([, value]) => /\b(je|jij|jou|jouw|jezelf)\b/i.test(value)).map(([k]) => k)).toEqual([]);
  });

  it('every messages reason code has its text, the required ones the spec text (01 §4)', () => {
    const errors: Record<string, string> = nl.messages.errors;
    for (const key of MESSAGE_REASON_KEYS) expect(errors[key.replace('messages.errors.', '')]).toBeTruthy();
    expect(nl.messages.errors.subjectRequired).toBe('Veld Onderwerp is niet ingevuld');
    expect(nl.messages.errors.bodyRequired).toBe('Veld Bericht is niet ingevuld');
    expect(nl.messages.errors.recipientRequired).toBe('Veld Ontvanger is niet ingevuld');
  });

  it('holds the spec texts (01 §5, §8)', () => {
    expect(nl.errors.sessionExpired).toBe('Uw sessie is verlopen. Log alstublieft opnieuw in.');
    expect(nl.errors.invalidCredentials).toBe('We kunnen uw inlog gegevens niet valideren. Probeer het nogmaals.');
    expect(nl.validation.required).toBe('Veld {{field}} is niet ingevuld');
    expect(nl.errorPages.http404.title).toBe('Pagina niet gevonden');
    expect(en.errorPages.http404.title).toBe('Page not found');
    expect(en.login.title).toBe('Sign in');
    expect(nl.login.title).toBe('Inloggen');
  });
});
