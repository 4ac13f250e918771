import { describe, expect, it } from 'vitest';
import { allowedMenu, participantMenuFor, participantPortalMenu, participantStandardMenu, staffMenu } from './menu-permissions';

const all = () => true;
const none = () => false;

describe('allowedMenu', () => {
  it('drops groups whose sub-pages are all refused, keeps plain links without a rule', () => {
    const answer = allowedMenu(staffMenu, { useMessages: true }, none);
    expect(answer.items).toEqual([{ id: 'home', uri: '/' }]);
  });

  it('keeps everything allowed, in catalogue order, groups with their sub-pages', () => {
    const answer = allowedMenu(staffMenu, { useMessages: true, useWageValueMeasurements: true, kwnwVersion: 'kwnw', useInstruments: 'enabled' }, all);
    expect(answer.items[0]).toEqual({ id: 'home', uri: '/' });
    expect(answer.items.map((i) => i.uri)).toContain('#administration');
    expect(answer.items.find((i) => i.uri === '#wage-value')?.children).toHaveLength(3);
  });

  it.each([
    ['useMessages false', { useMessages: false }, '/berichten'],
    ['kwnw none', { kwnwVersion: 'none' }, '/kwnw'],
    ['wage value off', { useWageValueMeasurements: false }, '#wage-value'],
  ])('company switch %s removes %s', (_name, settings, uri) => {
    expect(allowedMenu(staffMenu, settings, all).items.map((i) => i.uri)).not.toContain(uri);
  });

  it('messages are on when the switch is absent; optional modules are off', () => {
    const uris = allowedMenu(staffMenu, {}, all).items.map((i) => i.uri);
    expect(uris).toContain('/berichten');
    expect(uris).not.toContain('#wage-value');
  });

  it('asks the privilege of each entry', () => {
    const asked: string[] = [];
    allowedMenu(staffMenu, {}, (privilege, resource) => {
      asked.push(`${resource}:${privilege}`);
      return false;
    });
    expect(asked).toEqual(expect.arrayContaining(['participants:add', 'users:edit', 'caseload:manage', 'messages:view']));
  });
});

describe('participantMenuFor', () => {
  it.each([
    ['standard', participantStandardMenu],
    [undefined, participantStandardMenu],
    ['government', participantPortalMenu],
    ['development_companies', participantPortalMenu],
    ['education', participantPortalMenu],
  ])('%s', (version, menu) => {
    expect(participantMenuFor(version)).toBe(menu);
  });
});
