import { describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import { gateOperation, rootFieldNames } from './graph-gate';
import type { AuthResult } from './authenticate';
import { parseIdentityChain } from '../../src/domain/auth/identity-chain';
import type { Viewer } from './viewer';

const viewer: Viewer = { userId: 1, companyId: 1, projectId: null, roleId: 7, accessToAllParticipants: false, participantId: null, realUserId: 1, chain: [], sessionId: 's' };
const session = { id: 's', userId: 1, companyId: 1, roleId: 7, mfaState: 'mfa_validation_required' as const, mfaValidated: false, mfaFailures: 0, mfaRequired: true, mfaSetUp: true, passwordValidated: true };

describe('rootFieldNames', () => {
  it.each([
    ['{ a b }', undefined, ['a', 'b']],
    ['query Q { a ... on Query { b } ...F } fragment F on Query { c ...G } fragment G on Query { d }', undefined, ['a', 'b', 'c', 'd']],
    ['query A { a } mutation B { b }', 'B', ['b']],
    ['{ a { nested } }', undefined, ['a']],
  ])('%s', (query, name, fields) => {
    expect([...rootFieldNames(parse(query), name)].sort()).toEqual(fields);
  });
});

describe('gateOperation', () => {
  const cases: [string, AuthResult, string[], string | null][] = [
    ['anonymous, public field', { kind: 'anonymous' }, ['register'], null],
    ['anonymous, user field', { kind: 'anonymous' }, ['me'], 'no_current_user'],
    ['anonymous, public and user field', { kind: 'anonymous' }, ['register', 'users'], 'no_current_user'],
    ['expired token, public field', { kind: 'error', code: 'token_expired' }, ['resetPassword'], null],
    ['expired token, user field', { kind: 'error', code: 'token_expired' }, ['users'], 'token_expired'],
    ['mfa pending, me', { kind: 'mfa_pending', code: 'mfa_validation_required', viewer, session }, ['me', 'mfa', '__typename'], null],
    ['mfa pending, other', { kind: 'mfa_pending', code: 'mfa_validation_required', viewer, session }, ['me', 'users'], 'mfa_validation_required'],
    ['forbidden chain', { kind: 'error', code: 'sa_imitation_forbidden' }, ['me'], 'sa_imitation_forbidden'],
    ['viewer', { kind: 'viewer', viewer, real: viewer, session: { ...session, mfaState: 'ok' } }, ['users'], null],
  ];
  it.each(cases)('%s', (_name, auth, fields, code) => {
    const error = gateOperation(auth, new Set(fields));
    expect(error?.extensions.code ?? null).toBe(code);
  });
});

describe('parseIdentityChain', () => {
  it.each([
    ['[3,5]', [3, 5]],
    ['3,5', [3, 5]],
    ['', []],
    ['[3,"x"]', []],
    ['{"a":1}', []],
    ['[-1]', []],
    ['not json[', []],
  ])('%j → %j', (value, chain) => {
    expect(parseIdentityChain(value)).toEqual(chain);
  });
});
