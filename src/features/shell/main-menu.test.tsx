// @vitest-environment jsdom
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider, useLocation } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MenuEntry } from '../../domain/navigation/menu-types';
import { initI18n, loadTexts } from '../../i18n/i18n';
import type { MenuLabelKey } from '../../i18n/keys';
import { MainMenu } from './main-menu';

const menu: MenuEntry<MenuLabelKey>[] = [
  { id: 'home', uri: '/', labelKey: 'menu.home' },
  {
    id: 'messages',
    uri: '/berichten',
    labelKey: 'menu.messages',
    children: [
      { id: 'inbox', uri: '/berichten', labelKey: 'menu.messagesInbox' },
      { id: 'sent', uri: '/berichten/sent', labelKey: 'menu.messagesSent' },
    ],
  },
  { id: 'work-plans', uri: '/work-plan', labelKey: 'menu.workPlans' },
];

function Harness() {
  const pathname = useLocation({ select: (l) => l.pathname });
  return (
    <nav aria-label="menu">
      <MainMenu menu={menu} pathname={pathname} />
    </nav>
  );
}

async function renderAt(path: string) {
  const router = createRouter({
    routeTree: createRootRoute({ component: Harness }),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await act(async () => {
    render(<RouterProvider router={router} />);
    await router.load();
  });
  return router;
}

beforeAll(async () => {
  initI18n('nl');
  // Signed-in screens: their texts load as the guarded routes do (guardRoute).
  await loadTexts();
});
afterEach(cleanup);

describe('MainMenu', () => {
  it('marks the current page with aria-current and opens its group', async () => {
    await renderAt('/berichten/sent');
    expect(screen.getByRole('link', { name: 'Verzonden' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Postvak IN' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('button', { name: 'Berichten' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('keeps other groups folded and toggles them with their button', async () => {
    await renderAt('/work-plan/3/end');
    expect(screen.getByRole('link', { name: 'Werkplannen' }).getAttribute('aria-current')).toBe('page');
    const group = screen.getByRole('button', { name: 'Berichten' });
    expect(group.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Verzonden' })).toBeNull();
    fireEvent.click(group);
    expect(group.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Verzonden' })).toBeTruthy();
  });

  it('navigates inside the app on click', async () => {
    const router = await renderAt('/');
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Werkplannen' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(router.state.location.pathname).toBe('/work-plan');
    expect(screen.getByRole('link', { name: 'Werkplannen' }).getAttribute('aria-current')).toBe('page');
  });
});
