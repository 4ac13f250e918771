import { describe, expect, it } from 'vitest';
import { berichtenPaths, portalPaths } from './paths';
import { parseMessagesSearch } from './route-search';

const U = '0190f3a2-0000-7000-8000-000000000001';

describe('message paths and search', () => {
  it.each([
    [berichtenPaths.tab('inbox'), '/berichten'],
    [berichtenPaths.tab('sent', 2), '/berichten/sent?page=2'],
    [berichtenPaths.open(U, 'archived'), `/berichten/archived?open=${U}`],
    [berichtenPaths.compose(U), `/berichten?compose=new&reply=${U}`],
    [portalPaths('/participant-portal/my-messages').tab('sent'), '/participant-portal/my-messages?tab=sent'],
    [portalPaths('/my-messages').open(U, 'inbox'), `/my-messages/${U}`],
    [portalPaths('/my-messages').compose(), '/my-messages/compose'],
  ])('%s', (got, expected) => {
    expect(got).toBe(expected);
  });
  it('parses only what it knows', () => {
    expect(parseMessagesSearch({ page: '3', open: U, compose: 'new', tab: 'sent', reply: 'x', other: 1 })).toEqual({
      page: 3,
      open: U,
      compose: 'new',
      tab: 'sent',
    });
    expect(parseMessagesSearch({ page: '-1', tab: 'spam' })).toEqual({});
  });
});
