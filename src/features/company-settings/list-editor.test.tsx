// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PlacementSettingsSchema } from '../../domain/company-settings/settings-input';
import { initI18n, loadTexts } from '../../i18n/i18n';
import { schemaResolver, useFocusFirstInvalid } from '../../lib/forms/form-helpers';
import { listErrors, ListEditor } from './list-editor';
import type { ListRow } from './queries';

beforeAll(async () => {
  initI18n('nl');
  await loadTexts();
});
afterEach(cleanup);

/** The placements form's wiring: the write's schema on the whole lists, each row's message under its own field. */
function Lists() {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const { control, handleSubmit, formState: { errors, submitCount } } = useForm<{ processLabels: ListRow[]; rejectReasons: ListRow[] }, unknown, unknown>({
    defaultValues: { processLabels: [{ id: '1', label: 'Geplaatst', occupiesPlace: true }, { id: '2', label: '', occupiesPlace: false }], rejectReasons: [] },
    resolver: schemaResolver(t, PlacementSettingsSchema),
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  useFocusFirstInvalid(form, submitCount, Object.keys(errors).length > 0);
  return (
    <form ref={form} noValidate onSubmit={(e) => void handleSubmit(() => undefined)(e)}>
      <Controller control={control} name="processLabels" render={({ field }) => (
        <ListEditor title={t('admin.company.processLabels')} rows={field.value} onChange={field.onChange} extra="occupiesPlace" errors={listErrors(errors.processLabels)} />
      )} />
      <button type="submit">{t('admin.common.save')}</button>
    </form>
  );
}

const errorOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

describe('ListEditor on react-hook-form', () => {
  it('a row in error gets its message under its own field and the focus; the message goes as the row becomes valid', async () => {
    render(<Lists />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
      await Promise.resolve();
    });
    const [first, second] = screen.getAllByLabelText('Omschrijving');
    expect(first?.getAttribute('aria-invalid')).toBeNull();
    expect(second?.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(second!)).toMatch(/\S/);
    expect(document.activeElement).toBe(second);
    await act(async () => {
      fireEvent.change(second!, { target: { value: 'Detachering' } });
      await Promise.resolve();
    });
    expect(second?.getAttribute('aria-invalid')).toBeNull();
  });
});
