import type { AnyRouter } from '@tanstack/react-router';

/**
 * Loads the code of the routes `uri` leads to (every route of the match, layouts included), so
 * that navigating there waits for its data only (from the replica: milliseconds), not for chunks.
 * Only code: no loaders or guards run. Uris the router does not know (legacy pages) load nothing.
 */
export function preloadRouteCode(router: AnyRouter, uri: string): void {
  let matches: { routeId: string }[];
  try {
    matches = router.matchRoutes(router.buildLocation({ href: uri } as Parameters<AnyRouter['buildLocation']>[0]));
  } catch {
    return;
  }
  const routes = router.routesById as Record<string, Parameters<AnyRouter['loadRouteChunk']>[0] | undefined>;
  for (const match of matches) {
    const route = routes[match.routeId];
    if (route) void Promise.resolve(router.loadRouteChunk(route)).catch(() => undefined);
  }
}

/**
 * The code of every route the main menu leads to, once the page is idle: the first visit to a
 * screen from the menu does not wait for its chunk. Answers a function that cancels it if it has not
 * started yet.
 */
export function preloadMenuRoutes(router: AnyRouter, uris: readonly string[], idle: (fn: () => void) => () => void = whenIdle): () => void {
  return idle(() => {
    for (const uri of new Set(uris)) preloadRouteCode(router, uri);
  });
}

/** Runs `fn` when the browser is idle (or after two seconds where requestIdleCallback is missing). */
function whenIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(fn, { timeout: 5_000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(fn, 2_000);
  return () => clearTimeout(handle);
}
