// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AddInvitationSchema } from '../../domain/users/invitation-input';
import { initI18n, loadTexts } from '../../i18n/i18n';
import { FormAlerts, FormText, applyRefusal, isoToWriteDate, schemaResolver, useRecordForm, type SaveAnswer } from './form-helpers';

beforeAll(async () => {
  initI18n('nl');
  await loadTexts();
});
afterEach(cleanup);

type Invite = { username: string; email: string; givenName: string; surname: string; roleId: string };

/** The invitation form's wiring: the write's schema, a server that refuses the address as taken once. */
function InviteHarness({ refuse }: { refuse: { reason: string; params: Record<string, string> } | null }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(0);
  const [alert, setAlert] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, formState: { errors } } = useForm<Invite, unknown, unknown>({
    defaultValues: { username: '', email: '', givenName: '', surname: '', roleId: '4' },
    resolver: schemaResolver(t, AddInvitationSchema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const submit = () => {
    if (refuse) setAlert(applyRefusal(t, setError, ['username', 'email'], refuse.reason, refuse.params));
    else {
      setSent((n) => n + 1);
      reset();
    }
  };
  return (
    <form noValidate onSubmit={(e) => void handleSubmit(submit)(e)}>
      <FormText label="Gebruikersnaam" registration={register('username')} error={errors.username?.message} />
      <FormText label="E-mailadres" type="email" registration={register('email')} error={errors.email?.message} />
      {alert ? <p role="alert">{alert}</p> : null}
      <output data-testid="sent">{sent}</output>
      <button type="submit">{t('admin.invitations.add')}</button>
    </form>
  );
}

const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Uitnodiging versturen' }));
    await Promise.resolve();
  });
};
const errorOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

describe('administration forms on react-hook-form', () => {
  it('refuses with the write schema\'s Dutch texts, linked to their fields, the focus on the first; a message goes as its field becomes valid', async () => {
    render(<InviteHarness refuse={null} />);
    const username = screen.getByLabelText('Gebruikersnaam');
    const email = screen.getByLabelText('E-mailadres');
    await submit();
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(username)).toMatch(/gebruikersnaam/i);
    expect(errorOf(email)).toMatch(/niet ingevuld/);
    expect(document.activeElement).toBe(username);
    expect(screen.getByTestId('sent').textContent).toBe('0');

    await act(async () => {
      fireEvent.change(email, { target: { value: 'gast@demo.example' } });
      await Promise.resolve();
    });
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(errorOf(email)).toBeNull();
    expect(errorOf(username)).not.toBeNull();

    await act(async () => {
      fireEvent.change(username, { target: { value: 'gast_coach' } });
      await Promise.resolve();
    });
    await submit();
    expect(screen.getByTestId('sent').textContent).toBe('1');
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
    expect(screen.queryByText(/is niet ingevuld/)).toBeNull();
  });

  it('puts a refusal with a field on that field and moves the focus there; one without a field in the alert', async () => {
    const { unmount } = render(<InviteHarness refuse={{ reason: 'validation.email', params: { field: 'email' } }} />);
    fireEvent.change(screen.getByLabelText('Gebruikersnaam'), { target: { value: 'gast_coach' } });
    fireEvent.change(screen.getByLabelText('E-mailadres'), { target: { value: 'gast@demo.example' } });
    await submit();
    const email = screen.getByLabelText('E-mailadres');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();

    render(<InviteHarness refuse={{ reason: 'admin.errors.network', params: {} }} />);
    fireEvent.change(screen.getByLabelText('Gebruikersnaam'), { target: { value: 'gast_coach' } });
    fireEvent.change(screen.getByLabelText('E-mailadres'), { target: { value: 'gast@demo.example' } });
    await submit();
    expect(screen.getByRole('alert').textContent).not.toBe('');
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
  });

  it('writes a date from the date field as the dd-mm-jjjj the user writes take', () => {
    expect(isoToWriteDate('1990-03-07')).toBe('07-03-1990');
    expect(isoToWriteDate('')).toBe('');
    expect(isoToWriteDate('31-02')).toBe('31-02');
  });

  it('a record form (participant, user): a refusal naming a field lands there with the focus and keeps what was typed; a success leaves no error and runs what follows', async () => {
    const answers: SaveAnswer[] = [{ success: false, reason: 'validation.email', params: { field: 'email' } }, { success: false, reason: 'admin.errors.network' }, { success: true }];
    let done = 0;
    function RecordHarness() {
      const { t } = useTranslation();
      const { register, handleSubmit, formRef, failure, save, formState: { errors } } = useRecordForm<Invite>(t, { username: '', email: '', givenName: 'Ada', surname: 'Jansen', roleId: '4' }, undefined, schemaResolver(t, AddInvitationSchema));
      return (
        <form ref={formRef} noValidate onSubmit={(e) => void handleSubmit(() => save(() => Promise.resolve(answers.shift()!), () => Promise.resolve(done += 1)))(e)}>
          <FormAlerts failure={failure} root={errors.root?.message} />
          <FormText label="Gebruikersnaam" registration={register('username')} error={errors.username?.message} />
          <FormText label="E-mailadres" type="email" registration={register('email')} error={errors.email?.message} />
          <button type="submit">{t('admin.invitations.add')}</button>
        </form>
      );
    }
    render(<RecordHarness />);
    const email = screen.getByLabelText('E-mailadres');
    fireEvent.change(screen.getByLabelText('Gebruikersnaam'), { target: { value: 'gast_coach' } });
    fireEvent.change(email, { target: { value: 'gast@demo.example' } });
    await submit();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect((email as HTMLInputElement).value).toBe('gast@demo.example');
    await submit();
    expect(screen.getByRole('alert').textContent).not.toBe('');
    await submit();
    expect(done).toBe(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
  });
});
