import { describe, expect, it } from 'vitest';
import { parseSsoButtons } from './sso-button';

const button = { uuid: 'a1', label: 'Inloggen met Microsoft' };

describe('parseSsoButtons', () => {
  it.each<[string, unknown, number]>([
    ['array', [button], 1],
    ['items', { items: [button, button] }, 2],
    ['buttons', { buttons: [button] }, 1],
    ['empty list', [], 0],
    ['html', '<html>', 0],
    ['null', null, 0],
    ['wrong shape', [{ id: 1 }], 0],
  ])('%s', (_name, body, count) => {
    expect(parseSsoButtons(body)).toHaveLength(count);
  });
});
