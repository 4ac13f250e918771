import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ComposeFormSchema, composeIssue } from './compose-input';
import { textToHtml, replySubject } from './body-format';
import { checkAttachment, ATTACHMENT_MAX_BYTES } from './attachments';
import { reasonKeyOf } from './reasons';

const valid = { subject: 'Hallo', body: '<p>Tekst</p>', recipient: { userId: 3 } };

describe('compose validation', () => {
  it.each([
    ['missing subject', { ...valid, subject: '  ' }, 'messages.errors.subjectRequired'],
    ['missing body', { ...valid, body: '<p> </p>' }, 'messages.errors.bodyRequired'],
    ['missing recipient', { ...valid, recipient: null }, 'messages.errors.recipientRequired'],
    ['both recipients', { ...valid, recipient: { userId: 1, participantId: 2 } }, 'messages.errors.recipientRequired'],
    ['long subject', { ...valid, subject: 'x'.repeat(256) }, 'messages.errors.subjectTooLong'],
  ])('%s', (_name, input, key) => {
    expect(composeIssue(input)).toEqual({ ok: false, key });
  });
  it('accepts a valid message and turns ids into numbers', () => {
    const r = composeIssue({ ...valid, recipient: { participantId: '12' }, parentMessageId: '4' });
    expect(r.ok && r.value.recipient).toEqual({ participantId: 12, userId: undefined });
    expect(r.ok && r.value.parentMessageId).toBe(4);
  });
  it('reasons are codes (their texts are in the locale files, see src/i18n/locales.test.ts)', () => {
    expect(reasonKeyOf('messages.errors.bodyRequired')).toBe('messages.errors.bodyRequired');
    // The server answers codes only: a Dutch text is not translated back.
    expect(reasonKeyOf('Veld Bericht is niet ingevuld')).toBeNull();
  });
});

describe('body format', () => {
  it('escapes, paragraphs, line breaks and links', () => {
    expect(textToHtml('a <b>\nb\n\nhttps://x.nl/a.')).toBe('<p>a &lt;b&gt;<br>b</p><p><a href="https://x.nl/a">https://x.nl/a</a>.</p>');
    expect(textToHtml('<img src=x onerror=alert(1)>')).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
  });
  it('reply subject', () => {
    expect(replySubject('Vraag')).toBe('Re: Vraag');
    expect(replySubject('RE: Vraag')).toBe('RE: Vraag');
  });
});

describe('attachments', () => {
  it.each([
    [{ name: 'a.pdf', size: 10 }, true],
    [{ name: 'a.PNG', size: 10 }, true],
    [{ name: 'a.exe', size: 10 }, false],
    [{ name: 'a.pdf', size: ATTACHMENT_MAX_BYTES + 1 }, false],
    [{ name: 'a.pdf', size: 0 }, false],
  ])('%o → %s', (file, ok) => {
    expect(checkAttachment(file).ok).toBe(ok);
  });
});

describe('compose form', () => {
  it('a typed tag is text with content, and becomes escaped HTML', () => {
    const r = v.safeParse(ComposeFormSchema, { subject: 's', body: '<img src=x onerror=alert(1)>', recipient: { userId: 3 } });
    expect(r.success ? r.output.body : null).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
  });
  it('an empty body keeps the spec message', () => {
    const r = v.safeParse(ComposeFormSchema, { subject: 's', body: ' \n ', recipient: { userId: 3 } });
    expect(r.success ? null : r.issues[0]?.message).toBe('messages.errors.bodyRequired');
  });
});
