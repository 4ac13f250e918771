import { useCallback, useEffect, useMemo, useState } from 'react';
import { filterMenu } from '../../domain/navigation/filter-menu';
import { parseNavigationAnswer } from '../../domain/navigation/navigation-answer';
import type { MenuCatalogue, MenuEntry, NavigationAnswer } from '../../domain/navigation/menu-types';

export type MenuStatus = 'loading' | 'refreshing' | 'ready' | 'offline' | 'error';

export interface MainMenuState<L extends string> {
  status: MenuStatus;
  /** Null while nothing is known yet (first load without a cached answer, or a failure). */
  menu: MenuEntry<L>[] | null;
  /** Asks the server again (also done automatically when the browser comes back online). */
  retry: () => void;
}

const CACHE_PREFIX = 'werkpad.navigation.';

function readCache(key: string): NavigationAnswer | null {
  try {
    const raw = localStorage.getItem(CACHE_PREFIX + key);
    return raw ? parseNavigationAnswer(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

function writeCache(key: string, answer: NavigationAnswer): void {
  try {
    localStorage.setItem(CACHE_PREFIX + key, JSON.stringify(answer));
  } catch {
    // Storage full or unavailable: the menu still shows, only not offline.
  }
}

async function fetchNavigation(signal: AbortSignal): Promise<NavigationAnswer> {
  const response = await fetch('/api/navigation', { credentials: 'include', headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`GET /api/navigation answered ${response.status}`);
  const answer = parseNavigationAnswer(await response.json());
  if (!answer) throw new Error('GET /api/navigation answered an unexpected shape');
  return answer;
}

/**
 * The main menu: the catalogue filtered by `GET /api/navigation` (01 §2). The last answer is kept in
 * localStorage per user (`cacheKey`), shown at once on the next visit and kept when the request fails.
 */
interface State {
  key: string;
  answer: NavigationAnswer | null;
  status: MenuStatus;
}

function initialState(key: string): State {
  const answer = readCache(key);
  return { key, answer, status: answer ? 'refreshing' : 'loading' };
}

export function useMainMenu<L extends string>(catalogue: MenuCatalogue<L>, cacheKey: string): MainMenuState<L> {
  const [state, setState] = useState<State>(() => initialState(cacheKey));
  const [attempt, setAttempt] = useState(0);
  // Another user signed in: start from their cache (adjusting state while rendering, not in an effect).
  if (state.key !== cacheKey) setState(initialState(cacheKey));

  const retry = useCallback(() => {
    setState((previous) => ({ ...previous, status: previous.answer ? 'refreshing' : 'loading' }));
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);

  useEffect(() => {
    const controller = new AbortController();
    fetchNavigation(controller.signal).then(
      (fresh) => {
        // Mostly the answer equals the cached one shown meanwhile: keep that object (the menu and
        // its links then do not render again at start-up) and do not rewrite the cache.
        const text = JSON.stringify(fresh);
        if (JSON.stringify(readCache(cacheKey)) !== text) writeCache(cacheKey, fresh);
        setState((previous) =>
          previous.key === cacheKey && previous.answer && JSON.stringify(previous.answer) === text ? { ...previous, status: 'ready' } : { key: cacheKey, answer: fresh, status: 'ready' },
        );
      },
      () => {
        if (controller.signal.aborted) return;
        setState((previous) => (previous.key === cacheKey ? { ...previous, status: previous.answer ? 'offline' : 'error' } : previous));
      },
    );
    return () => controller.abort();
  }, [cacheKey, attempt]);

  const { answer, status } = state;
  const menu = useMemo(() => (answer ? filterMenu(catalogue, answer) : null), [catalogue, answer]);
  return { status, menu, retry };
}
