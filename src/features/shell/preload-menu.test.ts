import { createMemoryHistory, createRootRoute, createRoute, createRouter, createLazyRoute } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { preloadMenuRoutes, preloadRouteCode } from './preload-menu';

// The registered route tree types createLazyRoute's ids; these test routes are not in it.
const lazyRoute = createLazyRoute as unknown as (id: string) => (options: { component: () => null }) => never;

function routerWithLazyRoutes() {
  const loaded: string[] = [];
  const root = createRootRoute();
  const lazyPage = (path: string) =>
    createRoute({ getParentRoute: () => root, path }).lazy(() => {
      loaded.push(path);
      return Promise.resolve(lazyRoute(`/${path}`)({ component: () => null }));
    });
  const router = createRouter({
    routeTree: root.addChildren([lazyPage('participants'), lazyPage('wijzigingen')]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return { router, loaded };
}

describe('preloading the routes of the main menu', () => {
  it('loads the code of the route a uri leads to, without navigating', async () => {
    const { router, loaded } = routerWithLazyRoutes();
    preloadRouteCode(router, '/participants?source=network');
    await Promise.resolve();
    expect(loaded).toEqual(['participants']);
    expect(router.state.location.pathname).toBe('/');
  });

  it('ignores uris the router does not know (legacy pages)', () => {
    const { router, loaded } = routerWithLazyRoutes();
    expect(() => preloadRouteCode(router, '/oud/pagina.php?id=3')).not.toThrow();
    expect(loaded).toEqual([]);
  });

  it('loads every menu route once, only when the page is idle, and not after a cancel', () => {
    const { router, loaded } = routerWithLazyRoutes();
    let idle: (() => void) | null = null;
    const cancel = preloadMenuRoutes(router, ['/participants', '/wijzigingen', '/participants'], (fn) => {
      idle = fn;
      return () => (idle = null);
    });
    expect(loaded).toEqual([]);
    (idle as unknown as () => void)();
    expect(loaded.sort()).toEqual(['participants', 'wijzigingen']);

    const other = routerWithLazyRoutes();
    let pending: (() => void) | null = null;
    preloadMenuRoutes(other.router, ['/participants'], (fn) => {
      pending = fn;
      return () => (pending = null);
    })();
    expect(pending).toBeNull();
    expect(other.loaded).toEqual([]);
    cancel();
  });
});
