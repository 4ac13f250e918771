import { describe, expect, it } from 'vitest';
import { decideAccess, pathWithoutQuery, safeRedirectTarget } from './access';
import type { AccessDecision, AccessSession, AccessUser, RouteArea } from './access';

const coach: AccessUser = { roleId: 4, participantId: null, participantStatusId: null };
const admin: AccessUser = { roleId: 7, participantId: null, participantStatusId: null };
const participant: AccessUser = { roleId: 2, participantId: 12, participantStatusId: 3 };
const registering: AccessUser = { roleId: 2, participantId: 13, participantStatusId: 15 };
const registered: AccessUser = { roleId: 2, participantId: 14, participantStatusId: 18 };
const participantWithoutRecord: AccessUser = { roleId: 2, participantId: null, participantStatusId: null };

const signedIn = (user: AccessUser): AccessSession => ({ status: 'signed-in', user });
const anonymous: AccessSession = { status: 'anonymous', user: null };
const unknown: AccessSession = { status: 'unknown', user: null };

const allow: AccessDecision = { kind: 'allow' };
const forbidden: AccessDecision = { kind: 'forbidden' };
const toRegistration: AccessDecision = { kind: 'redirect', to: '/inschrijven/home' };

describe('decideAccess', () => {
  it.each<[string, AccessSession, RouteArea, string, AccessDecision]>([
    ['public route, anonymous', anonymous, 'public', '/login', allow],
    ['public route, participant', signedIn(participant), 'public', '/cms/disclaimer', allow],
    ['general route, anonymous', anonymous, 'general', '/user/changepassword', { kind: 'login', redirectUri: '/user/changepassword' }],
    ['query string is left out of redirect_uri', anonymous, 'staff', '/participants?page=2#top', { kind: 'login', redirectUri: '/participants' }],
    ['unknown session counts as anonymous', unknown, 'general', '/', { kind: 'login', redirectUri: '/' }],
    ['signed-in status without user counts as anonymous', { status: 'signed-in', user: null }, 'general', '/x', { kind: 'login', redirectUri: '/x' }],
    ['general route, coach', signedIn(coach), 'general', '/', allow],
    ['general route, participant', signedIn(participant), 'general', '/', allow],
    ['staff route, coach', signedIn(coach), 'staff', '/participants', allow],
    ['staff route, administrator', signedIn(admin), 'staff', '/user', allow],
    ['staff route, participant', signedIn(participant), 'staff', '/participants', forbidden],
    ['staff route, role-2 user without participant', signedIn(participantWithoutRecord), 'staff', '/user', forbidden],
    ['participant route, participant', signedIn(participant), 'participant', '/my-profile', allow],
    ['participant route, coach', signedIn(coach), 'participant', '/my-profile', forbidden],
    ['participant route, role-2 user without participant', signedIn(participantWithoutRecord), 'participant', '/my-profile', forbidden],
    ['registration home, registering participant', signedIn(registering), 'registration', '/inschrijven/home', allow],
    ['registration home, registered participant', signedIn(registered), 'registration', '/inschrijven/home', allow],
    ['registration home, active participant', signedIn(participant), 'registration', '/inschrijven/home', forbidden],
    ['registration home, coach', signedIn(coach), 'registration', '/inschrijven/home', forbidden],
    ['registering participant on home is confined', signedIn(registering), 'general', '/', toRegistration],
    ['registered participant on portal is confined', signedIn(registered), 'participant', '/participant-portal', toRegistration],
    ['registering participant on staff route is confined', signedIn(registering), 'staff', '/user', toRegistration],
    ['registering participant may sign out', signedIn(registering), 'general', '/user/logout', allow],
    ['registering participant on public route', signedIn(registering), 'public', '/cms/privacybeleid', allow],
    ['status 15 on a staff user does not confine', signedIn({ ...coach, participantStatusId: 15 }), 'staff', '/user', allow],
  ])('%s', (_name, session, area, path, expected) => {
    expect(decideAccess(session, area, path)).toEqual(expected);
  });
});

describe('pathWithoutQuery', () => {
  it.each([
    ['/a/b?x=1', '/a/b'],
    ['/a#frag', '/a'],
    ['/a', '/a'],
    ['?x=1', '/'],
    ['', '/'],
  ])('%s -> %s', (input, expected) => {
    expect(pathWithoutQuery(input)).toBe(expected);
  });
});

describe('safeRedirectTarget', () => {
  it.each<[string | null | undefined, string]>([
    [undefined, '/'],
    [null, '/'],
    ['', '/'],
    ['/participants', '/participants'],
    ['/berichten/sent', '/berichten/sent'],
    ['https://evil.example', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/login', '/'],
    ['/login/verify', '/'],
    ['/user/logout', '/'],
  ])('%s -> %s', (input, expected) => {
    expect(safeRedirectTarget(input)).toBe(expected);
  });
});
