import { describe, expect, it } from 'vitest';
import { activeEntryId, activeMenuUri } from './active-entry';
import type { MenuEntry } from './menu-types';

const menu: MenuEntry[] = [
  { id: 'home', uri: '/', labelKey: 'home' },
  {
    id: 'messages',
    uri: '/berichten',
    labelKey: 'messages',
    children: [
      { id: 'inbox', uri: '/berichten', labelKey: 'inbox' },
      { id: 'sent', uri: '/berichten/sent', labelKey: 'sent' },
    ],
  },
  {
    id: 'wage-value',
    uri: '#wage-value',
    labelKey: 'wageValue',
    children: [
      { id: 'search', uri: '/wage-value/measurement/search', labelKey: 'search' },
      { id: 'planning', uri: '/wage-value/measurement/planning', labelKey: 'planning' },
    ],
  },
  { id: 'work-plans', uri: '/work-plan', labelKey: 'workPlans' },
];

describe('activeMenuUri / activeEntryId', () => {
  it.each<[string, string | null, string | null]>([
    ['/', '/', 'home'],
    ['/berichten', '/berichten', 'messages'],
    ['/berichten/sent', '/berichten/sent', 'messages'],
    ['/berichten/sent/12', '/berichten/sent', 'messages'],
    ['/wage-value/measurement/planning/4/notes', '/wage-value/measurement/planning', 'wage-value'],
    ['/work-plan/7/end', '/work-plan', 'work-plans'],
    ['/work-planning', null, null],
    ['/participants', null, null],
    ['/berichten?x=1', '/berichten', 'messages'],
  ])('%s', (path, uri, id) => {
    expect(activeMenuUri(menu, path)).toBe(uri);
    expect(activeEntryId(menu, path)).toBe(id);
  });
});
