import { describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import { can, requireViewer } from './permissions';
import type { Viewer } from './viewer';
import { Role } from '../../src/domain/shared/roles';

const viewer = (roleId: number): Viewer => ({
  userId: 1,
  companyId: 1,
  projectId: null,
  roleId,
  accessToAllParticipants: false,
  participantId: roleId === Role.participant ? 5 : null,
  realUserId: 1,
  chain: [],
  sessionId: 's',
});

describe('can', () => {
  it.each([
    [Role.administrator, 'add', 'users', true],
    [Role.superAdministrator, 'block', 'users', true],
    [Role.developer, 'manage', 'companySettings', true],
    [Role.manager, 'add', 'participants', true],
    [Role.manager, 'hide', 'participants', true],
    [Role.manager, 'add', 'users', false],
    [Role.manager, 'add', 'invitations', true],
    [Role.coach, 'add', 'participants', false],
    [Role.coach, 'view', 'participants', true],
    [Role.coach, 'add', 'reviews', true],
    [Role.coach, 'manage', 'caseload', false],
    [Role.platformUser, 'add', 'wageValueMeasurements', true],
    [Role.platformUser, 'edit', 'participants', false],
    [Role.chronos, 'view', 'participants', true],
    [Role.chronos, 'add', 'messages', false],
    [Role.participant, 'add', 'messages', true],
    [Role.participant, 'view', 'participants', false],
    [Role.participant, 'add', 'selfReviews', true],
    [Role.participant, 'view', 'users', false],
    [999, 'add', 'participants', false],
    [Role.administrator, 'fly', 'users', false],
    [Role.administrator, 'view', 'nonsense', false],
  ] as const)('role %i %s %s → %s', (role, privilege, resource, expected) => {
    expect(can(viewer(role), privilege, resource)).toBe(expected);
  });

  it('no viewer may do nothing', () => {
    expect(can(null, 'view', 'participants')).toBe(false);
  });
});

describe('requireViewer', () => {
  it('throws no_current_user without a viewer', () => {
    try {
      requireViewer({ viewer: null });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(GraphQLError);
      expect((err as GraphQLError).extensions.code).toBe('no_current_user');
    }
  });
  it('answers the viewer', () => {
    const v = viewer(Role.coach);
    expect(requireViewer({ viewer: v })).toBe(v);
  });
});

describe('wage-value expert flag', () => {
  it('lets a coach add measurements, never a participant', () => {
    expect(can(viewer(Role.coach), 'add', 'wageValueMeasurements')).toBe(false);
    expect(can(viewer(Role.coach), 'add', 'wageValueMeasurements', { wageValueExpert: true })).toBe(true);
    expect(can(viewer(Role.participant), 'view', 'wageValueMeasurements', { wageValueExpert: true })).toBe(false);
  });
});
