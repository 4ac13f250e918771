import { describe, expect, it } from 'vitest';
import { isPushErrorCode, isTransientFailure, INTERNAL_ERROR } from './push-failures';

const pg = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('the failure classes of a pushed write', () => {
  it('deadlock, serialization failure, timeouts, lost connections and shutdowns are transient', () => {
    for (const code of ['40P01', '40001', '55P03', '57014', '25P03', '57P01', '57P02', '57P03', '08006', '08003', '53300', '53100', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE']) {
      expect(isTransientFailure(pg(code)), code).toBe(true);
    }
    expect(isTransientFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientFailure(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
  });

  it('anything else is an error with a code: a bug, a constraint the write did not check, a non-error', () => {
    for (const error of [new TypeError("Cannot read properties of undefined (reading 'id')"), pg('23505', 'duplicate key'), pg('23503'), pg('22P02'), pg('42703'), 'boom', null, undefined, 42]) {
      expect(isTransientFailure(error), String(error)).toBe(false);
    }
    expect(isPushErrorCode(INTERNAL_ERROR)).toBe(true);
    expect(isPushErrorCode('not_found')).toBe(false);
    expect(isPushErrorCode(undefined)).toBe(false);
  });
});
