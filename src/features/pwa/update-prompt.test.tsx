// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { UpdatePrompt } from './update-prompt';

beforeAll(() => {
  initI18n('nl');
});

afterEach(() => cleanup());

describe('UpdatePrompt', () => {
  it('says a new version waits; accepting and "later" reach their handlers by keyboard-reachable buttons', () => {
    const onAccept = vi.fn();
    const onLater = vi.fn();
    render(<UpdatePrompt onAccept={onAccept} onLater={onLater} />);
    expect(screen.getByRole('region', { name: 'Er is een nieuwe versie van Werkpad.' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nu bijwerken' }));
    expect(onAccept).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(onLater).toHaveBeenCalledTimes(1);
  });
});
