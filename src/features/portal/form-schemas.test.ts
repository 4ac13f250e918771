import type { FieldErrors, FieldValues, ResolverOptions, ResolverResult } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { applicationResolver, displayResolver, preferencesResolver, targetResolver, timeoutOf, type DisplayValues } from './form-schemas';

/** What react-hook-form passes a resolver, for a form without registered fields. */
const opts = <T extends FieldValues>(): ResolverOptions<T> => ({ fields: {}, shouldUseNativeValidation: false });
async function run<V extends object>(result: Promise<ResolverResult<V, unknown>> | ResolverResult<V, unknown>): Promise<{ values: unknown; errors: FieldErrors<V> }> {
  return (await result);
}
const message = (errors: FieldErrors, field: string) => (errors as Record<string, { message?: string } | undefined>)[field]?.message;

describe('portal forms on the schemas of their writes', () => {
  const display = (timeout: string): DisplayValues => ({ theme: 'dark', notificationSetting: 'timeout', notificationTimeout: timeout });

  it('display settings: the seconds as typed, refused in words at the timeout field', async () => {
    expect(timeoutOf(' 12 ')).toBe(12);
    expect(timeoutOf('')).toBe('');
    for (const [typed, key] of [['-1', 'portal.validation.timeoutMin'], ['1.5', 'portal.validation.timeoutWhole'], ['', 'portal.validation.timeoutNumber'], ['3601', 'portal.validation.timeoutMax']] as const) {
      expect(message((await run(displayResolver(display(typed), undefined, opts()))).errors, 'notificationTimeout'), typed).toBe(key);
    }
    const ok = await run(displayResolver(display('1'), undefined, opts()));
    expect(ok).toEqual({ values: { theme: 'dark', notificationSetting: 'timeout', notificationTimeout: 1 }, errors: {} });
  });

  it('preferences: a preferred channel that is not allowed is said at the preferred channel', async () => {
    const { errors } = await run(preferencesResolver({ preferredChannel: 'sms', channels: ['email'], contactTimes: [], notes: '' }, undefined, opts()));
    expect(message(errors, 'preferredChannel')).toBe('portal.validation.preferredNotAllowed');
    const long = await run(preferencesResolver({ preferredChannel: 'email', channels: ['email'], contactTimes: [], notes: 'x'.repeat(501) }, undefined, opts()));
    expect(message(long.errors, 'notes')).toBe('portal.validation.notesTooLong');
  });

  it('targets: a description is required, a half-typed date refused, no date is null', async () => {
    const resolve = targetResolver();
    const bad = await run(resolve({ description: ' ', targetDate: '1-2' }, undefined, opts()));
    expect(message(bad.errors, 'description')).toBe('portal.validation.targetRequired');
    expect(message(bad.errors, 'targetDate')).toBe('portal.validation.dateInvalid');
    const ok = await run(resolve({ description: 'Rijbewijs halen', targetDate: '' }, undefined, opts()));
    expect(ok.errors).toEqual({});
    expect(ok.values).toMatchObject({ description: 'Rijbewijs halen', targetDate: null, achieved: false });
  });

  it('application: the motivation may be empty, not longer than 2000 characters', async () => {
    const resolve = applicationResolver(8);
    expect((await run(resolve({ motivation: '' }, undefined, opts()))).values).toMatchObject({ workplaceId: 8, motivation: '' });
    expect(message((await run(resolve({ motivation: 'x'.repeat(2001) }, undefined, opts()))).errors, 'motivation')).toBe('portal.validation.motivationTooLong');
  });
});
