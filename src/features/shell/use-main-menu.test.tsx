// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuCatalogue } from '../../domain/navigation/menu-types';
import { useMainMenu } from './use-main-menu';

const catalogue: MenuCatalogue = [
  { id: 'home', uri: '/', labelKey: 'menu.home' },
  { id: 'work-plans', uri: '/work-plan', labelKey: 'menu.workPlans' },
];

const answer = { items: [{ id: 'home', uri: '/' }] };

function respond(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('useMainMenu', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('loads, filters and caches the menu', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(respond(answer)));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useMainMenu(catalogue, 'u1'));
    expect(result.current.status).toBe('loading');
    expect(result.current.menu).toBeNull();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.menu?.map((e) => e.id)).toEqual(['home']);
    expect(fetchMock).toHaveBeenCalledWith('/api/navigation', expect.objectContaining({ credentials: 'include' }));
    expect(localStorage.getItem('werkpad.navigation.u1')).toBe(JSON.stringify(answer));
  });

  it('keeps the cached menu object when the answer equals it, and takes a different answer', async () => {
    localStorage.setItem('werkpad.navigation.u1', JSON.stringify(answer));
    const fetchMock = vi.fn(() => Promise.resolve(respond(answer)));
    vi.stubGlobal('fetch', fetchMock);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    try {
      const { result, rerender } = renderHook(() => useMainMenu(catalogue, 'u1'));
      const shown = result.current.menu;
      expect(shown?.map((e) => e.id)).toEqual(['home']);
      await waitFor(() => expect(result.current.status).toBe('ready'));
      expect(result.current.menu).toBe(shown); // same object: the memoised menu does not render again
      expect(setItem).not.toHaveBeenCalled();
      const changed = { items: [{ id: 'home', uri: '/' }, { id: 'work-plans', uri: '/work-plan' }] };
      fetchMock.mockImplementation(() => Promise.resolve(respond(changed)));
      result.current.retry();
      rerender();
      await waitFor(() => expect(result.current.menu?.map((e) => e.id)).toEqual(['home', 'work-plans']));
      expect(localStorage.getItem('werkpad.navigation.u1')).toBe(JSON.stringify(changed));
    } finally {
      setItem.mockRestore();
    }
  });

  it('keeps the cached menu when the request fails (offline)', async () => {
    localStorage.setItem('werkpad.navigation.u1', JSON.stringify({ items: [{ id: 'w', uri: '/work-plan' }] }));
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const { result } = renderHook(() => useMainMenu(catalogue, 'u1'));
    expect(result.current.status).toBe('refreshing');
    expect(result.current.menu?.map((e) => e.id)).toEqual(['work-plans']);
    await waitFor(() => expect(result.current.status).toBe('offline'));
    expect(result.current.menu?.map((e) => e.id)).toEqual(['work-plans']);
  });

  it('reports an error without a cache, also for an unexpected answer', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('<!doctype html>', { status: 200 }))));
    const { result } = renderHook(() => useMainMenu(catalogue, 'u2'));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.menu).toBeNull();
  });

  it('does not use another user\'s cache', async () => {
    localStorage.setItem('werkpad.navigation.u1', JSON.stringify(answer));
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(respond({}, 500))));
    const { result } = renderHook(() => useMainMenu(catalogue, 'u3'));
    await waitFor(() => expect(result.current.status).toBe('error'));
  });
});
