import { describe, expect, it } from 'vitest';
import type { AccessUser } from './access';
import { homeRedirectFor, portalKindFor } from './portal';
import type { PortalKind } from './portal';

const coach: AccessUser = { roleId: 4, participantId: null, participantStatusId: null };
const participant: AccessUser = { roleId: 2, participantId: 1, participantStatusId: 3 };
const registering: AccessUser = { roleId: 2, participantId: 1, participantStatusId: 15 };

describe('portalKindFor', () => {
  it.each<[string | null | undefined, PortalKind]>([
    ['standard', 'standard'],
    [null, 'standard'],
    [undefined, 'standard'],
    ['government', 'newer'],
    ['development_companies', 'newer'],
    ['education', 'newer'],
  ])('%s -> %s', (version, kind) => {
    expect(portalKindFor(version)).toBe(kind);
  });
});

describe('homeRedirectFor', () => {
  it.each<[string, AccessUser, PortalKind, string | null]>([
    ['coach stays home', coach, 'newer', null],
    ['participant, newer portal', participant, 'newer', '/participant-portal'],
    ['participant, standard portal', participant, 'standard', '/deelnemerportal'],
    ['registering participant', registering, 'newer', '/inschrijven/home'],
  ])('%s', (_name, user, kind, expected) => {
    expect(homeRedirectFor(user, kind)).toBe(expected);
  });
});
