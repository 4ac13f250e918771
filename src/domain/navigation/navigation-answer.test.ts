import { describe, expect, it } from 'vitest';
import { parseNavigationAnswer } from './navigation-answer';

describe('parseNavigationAnswer', () => {
  it.each<[string, unknown, boolean]>([
    ['valid answer', { items: [{ id: 'messages', uri: '/berichten', children: [{ id: 'a', uri: '/berichten/sent' }] }] }, true],
    ['empty items', { items: [] }, true],
    ['numeric ids', { items: [{ id: 3, uri: '/' }] }, false],
    ['missing items', {}, false],
    ['html fallback', '<!doctype html>', false],
    ['null', null, false],
    ['item without uri', { items: [{ id: 'x' }] }, false],
    ['child without uri', { items: [{ id: 'x', uri: '/', children: [{ id: 'y' }] }] }, false],
  ])('%s', (_name, body, ok) => {
    expect(parseNavigationAnswer(body) !== null).toBe(ok);
  });

  it('answers the parsed items', () => {
    expect(parseNavigationAnswer({ items: [{ id: 'h', uri: '/' }] })).toEqual({ items: [{ id: 'h', uri: '/' }] });
  });
});
