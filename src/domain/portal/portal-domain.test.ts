import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { moveWidget, moveWidgetTo, parseWidgetOrders, resolveWidgetOrder } from './widgets';
import { DisplaySettingsSchema, effectiveTheme, readDisplaySettings, toastLifetime } from './display-settings';
import { checkDocumentFile, isAllowedDocumentMime } from './documents';
import { checkPicture } from './pictures';
import { isVacancy, openApplicationFor } from './workplaces';
import { sortTargets, targetProgress } from './targets';
import { CommunicationPreferencesSchema } from './communication';
import { registrationChecklist } from './registration';

const ALL_ON = Object.fromEntries(
  ['MyProfile', 'MyProgress', 'MyWorkPlans', 'MyTasks', 'MySettings', 'MyCommunicationPreferences', 'MyDevelopmentProfile', 'MyPortfolio', 'MyHomepagePicture', 'MyTargets', 'Me', 'MyDocuments'].map((n) => [`usesWidget${n}`, true]),
);

describe('widget order', () => {
  it.each([
    ['defaults, everything on', ALL_ON, {}, ['my-profile', 'my-progress', 'my-work-plans', 'my-tasks', 'my-targets', 'me', 'my-homepage-picture']],
    ['user order first, the rest appended', ALL_ON, { widgetOrders: { home: ['my-tasks', 'me'] } }, ['my-tasks', 'me', 'my-profile', 'my-progress', 'my-work-plans', 'my-targets', 'my-homepage-picture']],
    ['switched-off widgets never show', { ...ALL_ON, usesWidgetMyTasks: false, usesWidgetMe: false }, { widgetOrders: { home: ['my-tasks', 'me', 'my-profile'] } }, ['my-profile', 'my-progress', 'my-work-plans', 'my-targets', 'my-homepage-picture']],
    ['company JSON order when the user has none', { ...ALL_ON, widgetOrders: JSON.stringify({ home: ['my-progress'] }) }, {}, ['my-progress', 'my-profile', 'my-work-plans', 'my-tasks', 'my-targets', 'me', 'my-homepage-picture']],
    ['nothing switched on', {}, {}, []],
  ])('%s', (_name, company, user, expected) => {
    expect(resolveWidgetOrder('home', company, user)).toEqual(expected);
  });

  it('profile page has its own default order', () => {
    expect(resolveWidgetOrder('profile', ALL_ON, {}).slice(0, 4)).toEqual(['my-settings', 'my-communication-preferences', 'my-development-profile', 'my-portfolio']);
  });

  it('ignores unknown and doubled widgets and bad JSON', () => {
    expect(parseWidgetOrders({ home: ['my-profile', 'nope', 'my-profile'], profile: 'x' })).toEqual({ home: ['my-profile'] });
    expect(parseWidgetOrders('{not json')).toEqual({});
  });

  it.each([
    [['a', 'b', 'c'], 'a', 1, ['b', 'a', 'c']],
    [['a', 'b', 'c'], 'c', 1, ['a', 'b', 'c']],
    [['a', 'b', 'c'], 'a', -1, ['a', 'b', 'c']],
    [['a', 'b', 'c'], 'c', -1, ['a', 'c', 'b']],
  ] as const)('moveWidget(%j, %s, %i)', (list, item, delta, expected) => {
    expect(moveWidget(list, item, delta)).toEqual(expected);
  });

  it('moveWidgetTo clamps the index', () => {
    expect(moveWidgetTo(['a', 'b', 'c'], 'a', 9)).toEqual(['b', 'c', 'a']);
    expect(moveWidgetTo(['a', 'b', 'c'], 'c', -3)).toEqual(['c', 'a', 'b']);
  });
});

describe('theme and notification mode', () => {
  it.each([
    ['none', 5, 0],
    ['all', 5, null],
    ['timeout', 3, 3000],
    ['timeout', 0, 0],
  ] as const)('mode %s with %i s lives %s ms', (mode, seconds, expected) => {
    expect(toastLifetime({ notificationSetting: mode, notificationTimeout: seconds })).toBe(expected);
  });

  it('automatic follows the system', () => {
    expect(effectiveTheme('automatic', true)).toBe('dark');
    expect(effectiveTheme('automatic', false)).toBe('light');
    expect(effectiveTheme('dark', false)).toBe('dark');
  });

  it('the timeout must be a whole number of 0 seconds or more', () => {
    const issue = (timeout: unknown) => v.safeParse(DisplaySettingsSchema, { theme: 'dark', notificationSetting: 'timeout', notificationTimeout: timeout }).issues?.[0]?.message;
    expect(issue(-1)).toBe('portal.validation.timeoutMin');
    expect(issue(1.5)).toBe('portal.validation.timeoutWhole');
    expect(issue('x')).toBe('portal.validation.timeoutNumber');
    expect(issue(0)).toBeUndefined();
  });

  it('reads stored settings with defaults for what is missing or wrong', () => {
    expect(readDisplaySettings({ theme: 'dark', notificationTimeout: -4 })).toEqual({ theme: 'dark', notificationSetting: 'timeout', notificationTimeout: 5 });
    expect(readDisplaySettings(null).theme).toBe('automatic');
  });
});

describe('files', () => {
  it.each([
    [{ name: 'cv.pdf', size: 10 }, true],
    [{ name: 'foto', size: 10, type: 'image/jpeg' }, true],
    [{ name: 'virus.exe', size: 10 }, false],
    [{ name: 'leeg.pdf', size: 0 }, false],
    [{ name: 'groot.pdf', size: 11 * 1024 * 1024 }, false],
  ])('document %j allowed: %s', (file, ok) => {
    expect(checkDocumentFile(file).ok).toBe(ok);
  });

  it('content types: pdf and office yes, html no', () => {
    expect(isAllowedDocumentMime('application/pdf')).toBe(true);
    expect(isAllowedDocumentMime('text/html')).toBe(false);
    expect(isAllowedDocumentMime(undefined)).toBe(false);
  });

  it('pictures: PNG or JPG up to 2 MB', () => {
    expect(checkPicture({ size: 100, type: 'image/png' }).ok).toBe(true);
    expect(checkPicture({ size: 100, type: 'image/gif' })).toEqual({ ok: false, reason: 'portal.errors.pictureTypeNotAllowed' });
    expect(checkPicture({ size: 3 * 1024 * 1024, type: 'image/jpeg' })).toEqual({ ok: false, reason: 'portal.errors.pictureTooLarge' });
  });
});

describe('workplaces, targets, preferences, registration', () => {
  it.each([
    [{ availableSince: '2026-01-01', capacity: 2 }, true],
    [{ availableSince: '2027-01-01', capacity: 2 }, false],
    [{ availableSince: '2026-01-01', capacity: 0 }, false],
    [{ availableSince: null, capacity: 2 }, false],
    [{ availableSince: '2026-01-01', capacity: null }, true],
  ])('vacancy %j: %s', (w, expected) => {
    expect(isVacancy(w, '2026-06-01')).toBe(expected);
  });

  it('an open application is submitted or accepted', () => {
    const apps = [{ workplaceId: 1, status: 'rejected' }, { workplaceId: 2, status: 'submitted' }];
    expect(openApplicationFor(apps, 1)).toBeUndefined();
    expect(openApplicationFor(apps, 2)?.status).toBe('submitted');
  });

  it('targets: open first by date, achieved last; progress counts', () => {
    const list = [
      { id: 1, achievedAt: '2026-01-01', targetDate: '2026-01-01' },
      { id: 2, achievedAt: null, targetDate: null },
      { id: 3, achievedAt: null, targetDate: '2026-03-01' },
    ];
    expect(sortTargets(list).map((t) => t.id)).toEqual([3, 2, 1]);
    expect(targetProgress(list)).toEqual({ achieved: 1, total: 3 });
  });

  it('the preferred channel must be one of the chosen channels', () => {
    const ok = v.safeParse(CommunicationPreferencesSchema, { preferredChannel: 'email', channels: ['email'], contactTimes: [], notes: '' });
    expect(ok.success).toBe(true);
    const bad = v.safeParse(CommunicationPreferencesSchema, { preferredChannel: 'post', channels: ['email'], contactTimes: [], notes: '' });
    expect(bad.issues?.[0]?.message).toBe('portal.validation.preferredNotAllowed');
  });

  it('registration checklist says what is still missing', () => {
    const steps = registrationChecklist({ firstname: 'An', lastname: 'Smit', email: 'an@x.nl', street: 'Laan', houseNumber: '1', zipcode: '1234 AB', city: '' }, false);
    expect(steps.filter((s) => !s.done).map((s) => s.step)).toEqual(['birthdate', 'phone', 'address', 'picture']);
  });
});
