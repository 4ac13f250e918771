import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { isLegacyPath } from '../../domain/navigation/legacy-paths';
import { participantMenuFor, staffMenu } from '../../domain/navigation/menu-permissions';
import type { MenuNode } from '../../domain/navigation/menu-permissions';
import type { MenuCatalogue } from '../../domain/navigation/menu-types';
import { routeTree } from '../../routeTree.gen';
import { participantPortalCatalogue, participantStandardCatalogue, staffCatalogue } from './catalogue';

const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/'] }) });

const CATCH_ALLS = new Set(['/$', '/_app/_participant/deelnemerportal/$']);

function routeIdFor(uri: string): string | undefined {
  return router.matchRoutes(uri, {}).at(-1)?.routeId;
}

function links(catalogue: MenuCatalogue): { id: string; uri: string }[] {
  return catalogue.flatMap((entry) => [entry, ...(entry.children ?? [])]).filter((link) => !link.uri.startsWith('#'));
}

const catalogues: [string, MenuCatalogue][] = [
  ['staff', staffCatalogue],
  ['participant portal (newer)', participantPortalCatalogue],
  ['participant portal (standard)', participantStandardCatalogue],
];

describe.each(catalogues)('%s catalogue', (_name, catalogue) => {
  it('has unique top-level ids and uris', () => {
    expect(new Set(catalogue.map((e) => e.id)).size).toBe(catalogue.length);
    expect(new Set(catalogue.map((e) => e.uri)).size).toBe(catalogue.length);
  });

  it('has unique sub-page ids', () => {
    const ids = catalogue.flatMap((e) => (e.children ?? []).map((c) => c.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(links(catalogue).map((l) => [l.uri, l.id] as const))('%s (%s) leads to a screen or the not-available page', (uri) => {
    const routeId = routeIdFor(uri);
    expect(routeId).toBeDefined();
    // A catch-all only answers legacy links (not-available page), never a 404.
    if (routeId && CATCH_ALLS.has(routeId)) expect(isLegacyPath(uri)).toBe(true);
  });
});

describe('route tree', () => {
  it.each([
    ['/login', '/login/{-$request}'],
    ['/login/abc', '/login/{-$request}'],
    ['/login/forgot-password', '/login/forgot-password'],
    ['/login/verify', '/login/verify/{-$request}'],
    ['/login/reset-password/t0k3n', '/login/reset-password/$token'],
    ['/error/http404', '/error/http404'],
    ['/error/imitation-not-allowed', '/error/imitation-not-allowed'],
    ['/offline', '/offline'],
    ['/', '/_app/'],
    ['/user/logout', '/_app/user/logout'],
    ['/user/12/edit', '/_app/_staff/user/$id/edit'],
    ['/default/user/login-as/id/4/isdeelnemer/1', '/_app/_staff/default/user/login-as/id/$id/isdeelnemer/1'],
    ['/company/settings/logo-and-color', '/_app/_staff/company/{-$id}/settings/logo-and-color'],
    ['/company/3/settings/logo-and-color', '/_app/_staff/company/{-$id}/settings/logo-and-color'],
    ['/company/3/settings/srg', '/_app/_staff/company/$id/settings/srg'],
    ['/kwnw/status', '/_app/_staff/kwnw/status/{-$open}'],
    ['/wage-value/measurement/copy', '/_app/_staff/wage-value/measurement/copy/{-$measurementId}'],
    ['/my-work-plans/started', '/_app/_participant/my-work-plans/{-$status}'],
    ['/participant-portal/my-messages/compose', '/_app/_participant/participant-portal/my-messages/compose'],
    ['/deelnemerportal/werkplan/index/tab/2', '/_app/_participant/deelnemerportal/werkplan/index/tab/$tab'],
    ['/deelnemerportal/iets-ouds', '/_app/_participant/deelnemerportal/$'],
    ['/inschrijven/home', '/_app/inschrijven/home'],
    ['/moddeelnemer/zoek/index', '/$'],
    ['/bestaat-niet', '/$'],
  ])('%s -> %s', (path, routeId) => {
    expect(routeIdFor(path)).toBe(routeId);
  });
});

/** uri tree of a menu, to compare the client catalogue with what the server builds its answer from. */
function uriTree(menu: readonly (MenuNode | MenuCatalogue[number])[]): string[] {
  return menu.flatMap((entry) => [entry.uri, ...(entry.children ?? []).map((child) => `${entry.uri} > ${child.uri}`)]);
}

describe('client catalogue and server navigation rules name the same uris', () => {
  it.each<[string, MenuCatalogue, readonly MenuNode[]]>([
    ['staff', staffCatalogue, staffMenu],
    ['participant portal (newer)', participantPortalCatalogue, participantMenuFor('education')],
    ['participant portal (standard)', participantStandardCatalogue, participantMenuFor('standard')],
  ])('%s', (_name, catalogue, serverMenu) => {
    expect(uriTree(serverMenu)).toEqual(uriTree(catalogue));
  });
});
