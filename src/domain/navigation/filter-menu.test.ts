import { describe, expect, it } from 'vitest';
import { filterMenu, normaliseUri } from './filter-menu';
import type { MenuCatalogue, NavigationAnswer } from './menu-types';

const catalogue: MenuCatalogue = [
  { id: 'home', uri: '/', labelKey: 'home' },
  {
    id: 'messages',
    uri: '/berichten',
    labelKey: 'messages',
    children: [
      { id: 'messages-inbox', uri: '/berichten', labelKey: 'inbox' },
      { id: 'messages-sent', uri: '/berichten/sent', labelKey: 'sent' },
      { id: 'messages-archived', uri: '/berichten/archived', labelKey: 'archived' },
    ],
  },
  { id: 'work-plans', uri: '/work-plan', labelKey: 'workPlans' },
  {
    id: 'administration',
    uri: '#administration',
    labelKey: 'administration',
    children: [
      { id: 'custom-fields', uri: '/custom-fields/', labelKey: 'customFields' },
      { id: 'caseload', uri: '/administration/caseload', labelKey: 'caseload' },
    ],
  },
];

const ids = (answer: NavigationAnswer): string[] =>
  filterMenu(catalogue, answer).flatMap((entry) => [entry.id, ...(entry.children ?? []).map((c) => `${entry.id}>${c.id}`)]);

describe('filterMenu', () => {
  it.each<[string, NavigationAnswer, string[]]>([
    ['empty answer drops everything', { items: [] }, []],
    ['top entry present is kept', { items: [{ id: 'home', uri: '/' }] }, ['home']],
    ['top entry absent is dropped', { items: [{ id: 'x', uri: '/work-plan' }] }, ['work-plans']],
    [
      'group keeps only the sub-pages in the answer',
      { items: [{ id: 'messages', uri: '/berichten', children: [{ id: 'a', uri: '/berichten/sent' }] }] },
      ['messages', 'messages>messages-sent'],
    ],
    ['group without sub-pages in the answer is dropped', { items: [{ id: 'messages', uri: '/berichten', children: [] }] }, []],
    ['group with no children key in the answer is dropped', { items: [{ id: 'messages', uri: '/berichten' }] }, []],
    [
      'sub-page matched only under its own entry, not at top level',
      { items: [{ id: 'sent', uri: '/berichten/sent' }, { id: 'messages', uri: '/berichten', children: [] }] },
      [],
    ],
    [
      'unknown answer items are ignored',
      { items: [{ id: 'evil', uri: '/evil' }, { id: 'home', uri: '/' }] },
      ['home'],
    ],
    [
      'catalogue order wins over answer order',
      { items: [{ id: 'w', uri: '/work-plan' }, { id: 'h', uri: '/' }] },
      ['home', 'work-plans'],
    ],
    [
      'trailing slashes do not matter',
      {
        items: [{ id: 'administration', uri: '#administration', children: [{ id: 'c', uri: '/custom-fields' }, { id: 'd', uri: '/administration/caseload/' }] }],
      },
      ['administration', 'administration>custom-fields', 'administration>caseload'],
    ],
    [
      'sub-pages not in the catalogue are not added',
      { items: [{ id: 'messages', uri: '/berichten', children: [{ id: 'x', uri: '/berichten/other' }, { id: 'i', uri: '/berichten' }] }] },
      ['messages', 'messages>messages-inbox'],
    ],
  ])('%s', (_name, answer, expected) => {
    expect(ids(answer)).toEqual(expected);
  });

  it('keeps labels and uris from the catalogue, not the answer', () => {
    const [entry] = filterMenu(catalogue, { items: [{ id: 'other-id', uri: '/work-plan' }] });
    expect(entry).toEqual({ id: 'work-plans', uri: '/work-plan', labelKey: 'workPlans' });
  });

  it('does not mutate the catalogue', () => {
    const before = JSON.stringify(catalogue);
    filterMenu(catalogue, { items: [{ id: 'messages', uri: '/berichten', children: [{ id: 's', uri: '/berichten/sent' }] }] });
    expect(JSON.stringify(catalogue)).toBe(before);
  });
});

describe('normaliseUri', () => {
  it.each([
    ['/', '/'],
    ['/custom-fields/', '/custom-fields'],
    ['/a//', '/a'],
    [' /berichten ', '/berichten'],
    ['#new', '#new'],
  ])('%s -> %s', (input, expected) => {
    expect(normaliseUri(input)).toBe(expected);
  });
});
