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

describe('the company portal version decides the portal routes (issue 20)', () => {
  const participant = { roleId: 2, participantId: 7, participantStatusId: 3 };
  const coach = { roleId: 4, participantId: null, participantStatusId: null };
  it('a participant of a newer-portal company is led from the standard portal to their own', async () => {
    const { portalRedirectFor } = await import('./portal');
    expect(portalRedirectFor(participant, 'newer', '/deelnemerportal/resultaten')).toBe('/participant-portal');
    expect(portalRedirectFor(participant, 'newer', '/participant-portal/my-profile')).toBeNull();
    expect(portalRedirectFor(participant, 'standard', '/participant-portal/my-documents')).toBe('/deelnemerportal');
    expect(portalRedirectFor(participant, 'standard', '/deelnemerportal/document')).toBeNull();
    expect(portalRedirectFor(participant, 'standard', '/my-profile')).toBeNull();
    expect(portalRedirectFor(coach, 'standard', '/participant-portal')).toBeNull();
  });
});
