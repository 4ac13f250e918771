import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from './security';
import { REQUEST_BODY_LIMIT_BYTES } from '../../src/domain/writes/push-document';

describe('request body limit', () => {
  it('the client refuses before queueing exactly what the server would refuse (issue 19)', () => {
    expect(REQUEST_BODY_LIMIT_BYTES).toBe(BODY_LIMIT_BYTES);
  });
});
