import { describe, expect, it } from 'vitest';
import { listName, statusNameOf, userName } from './participant-row';

describe('participant rows', () => {
  it.each<[Record<string, unknown>, string]>([
    [{ firstname: 'Piet', prefix: 'de', lastname: 'Vries' }, 'Vries, Piet de'],
    [{ firstname: 'Anna', prefix: null, lastname: 'Jansen' }, 'Jansen, Anna'],
    [{ lastname: 'Bakker' }, 'Bakker'],
  ])('listName %o', (doc, expected) => {
    expect(listName(doc)).toBe(expected);
  });

  it.each<[unknown, string | null]>([
    [3, 'Developing'],
    [42, 'Standard'],
    [99, null],
    [null, null],
    ['3', null],
  ])('statusNameOf %o', (id, expected) => {
    expect(statusNameOf(id)).toBe(expected);
  });

  it.each<[Record<string, unknown> | undefined, string | null]>([
    [{ givenName: 'Sanne', surname: 'Visser' }, 'Sanne Visser'],
    [{ givenName: null, initials: 'J.', surname: 'Dekker' }, 'J. Dekker'],
    [{}, null],
    [undefined, null],
  ])('userName %o', (user, expected) => {
    expect(userName(user)).toBe(expected);
  });
});
