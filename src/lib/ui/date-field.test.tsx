// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n, loadTexts } from '../../i18n/i18n';
import { DateField } from './date-field';

const LABEL = 'Startdatum';
let seen: string[] = [];
function Harness({ initial = '', min }: { initial?: string; min?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="d">{LABEL}</label>
      <DateField id="d" value={value} min={min} onChange={(v) => { seen.push(v); setValue(v); }} />
      <output data-testid="value">{value}</output>
    </>
  );
}

beforeAll(async () => {
  initI18n('nl');
  await loadTexts();
});
afterEach(async () => {
  cleanup();
  seen = [];
  await changeLanguage('nl');
});

describe('DateField', () => {
  it('masks typed text to dd-mm-jjjj and gives the form ISO once it is a real date', () => {
    render(<Harness />);
    const input = screen.getByLabelText<HTMLInputElement>('Startdatum');
    expect(input.placeholder).toBe('dd-mm-jjjj');
    fireEvent.change(input, { target: { value: '2611' } });
    expect(input.value).toBe('26-11');
    expect(screen.getByTestId('value').textContent).toBe('26-11');
    fireEvent.change(input, { target: { value: '26-11-2026' } });
    expect(screen.getByTestId('value').textContent).toBe('2026-11-26');
    fireEvent.change(input, { target: { value: '' } });
    expect(seen.at(-1)).toBe('');
  });

  it('shows an ISO value as dd-mm-jjjj in English too', async () => {
    await changeLanguage('en');
    await loadTexts();
    render(<Harness initial="2026-03-05" />);
    const input = screen.getByLabelText<HTMLInputElement>('Startdatum');
    expect(input.value).toBe('05-03-2026');
    expect(input.placeholder).toBe('dd-mm-yyyy');
    expect(screen.getByRole('button', { name: 'Open calendar' })).toBeTruthy();
  });

  it('opens a calendar dialog that is used by keyboard and closes on Escape with the focus back on its button', () => {
    render(<Harness initial="2026-11-26" />);
    const toggle = screen.getByRole('button', { name: 'Kalender openen' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const dialog = screen.getByRole('dialog', { name: 'Kies een datum' });
    const grid = screen.getByRole('grid', { name: 'november 2026' });
    expect(dialog.contains(grid)).toBe(true);
    expect((document.activeElement as HTMLElement).dataset.date).toBe('2026-11-26');

    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    expect((document.activeElement as HTMLElement).dataset.date).toBe('2026-11-27');
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect((document.activeElement as HTMLElement).dataset.date).toBe('2026-12-04');
    expect(screen.getByRole('grid', { name: 'december 2026' })).toBeTruthy();
    fireEvent.keyDown(grid, { key: 'PageUp' });
    fireEvent.keyDown(grid, { key: 'Home' });
    expect((document.activeElement as HTMLElement).dataset.date).toBe('2026-11-02');
    fireEvent.keyDown(grid, { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('2026-11-02');
    expect(screen.getByLabelText<HTMLInputElement>('Startdatum').value).toBe('02-11-2026');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(toggle);

    fireEvent.click(toggle);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(toggle);
    expect(screen.getByTestId('value').textContent).toBe('2026-11-02');
  });

  it('does not choose a day before the minimum', () => {
    render(<Harness initial="2026-11-26" min="2026-11-20" />);
    fireEvent.click(screen.getByRole('button', { name: 'Kalender openen' }));
    const early = screen.getByRole('button', { name: /^19 / });
    expect(early.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(early);
    expect(screen.getByTestId('value').textContent).toBe('2026-11-26');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
