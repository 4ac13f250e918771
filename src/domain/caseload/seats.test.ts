import { describe, expect, it } from 'vitest';
import { effectiveRoleKind, mayTakeSeat, mayTransferCaseload, seatOf } from './seats';

describe('caseload seats (the server\'s SEAT_ROLES)', () => {
  it('a coach seat takes coaches, managers and administrators; a manager seat only managers and administrators', () => {
    expect(['coach', 'manager', 'admin', 'platformUser', 'participant'].map((r) => mayTakeSeat(r as never, 'coach'))).toEqual([true, true, true, false, false]);
    expect(['coach', 'manager', 'admin', 'platformUser'].map((r) => mayTakeSeat(r as never, 'manager'))).toEqual([false, true, true, false]);
    expect(seatOf('coach')).toBe('coach');
    expect(seatOf('caseloadManager')).toBe('manager');
    expect(seatOf('workPlanManager')).toBe('manager');
  });

  it('reads a company role as its parent, an unknown one as platform user', () => {
    expect(effectiveRoleKind(4, undefined)).toBe('coach');
    expect(effectiveRoleKind(1001, { parentRoleId: 3, companyId: 1 })).toBe('manager');
    expect(effectiveRoleKind(1002, { parentRoleId: 10, companyId: 1 })).toBe('platformUser');
    expect(effectiveRoleKind(1003, undefined)).toBe('platformUser');
  });

  it('only managers and administrators transfer caseloads', () => {
    expect(['admin', 'manager', 'coach', 'platformUser'].map((r) => mayTransferCaseload(r as never))).toEqual([true, true, false, false]);
  });
});
