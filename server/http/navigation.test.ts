import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp } from '../graph/testing/demo-app';
import type { NavigationAnswer } from '../../src/domain/navigation/menu-types';

let t: DemoApp;
beforeAll(async () => {
  t = await createDemoApp();
}, 120_000);
afterAll(async () => {
  await t.db.close();
});

async function menu(username: string): Promise<NavigationAnswer> {
  const res = await t.rest(username, '/api/navigation');
  expect(res.status).toBe(200);
  return (await res.json()) as NavigationAnswer;
}
const top = (a: NavigationAnswer) => a.items.map((i) => i.uri);
const children = (a: NavigationAnswer, uri: string) => a.items.find((i) => i.uri === uri)?.children?.map((c) => c.uri) ?? [];

async function setSetting(username: string, key: string, value: unknown): Promise<void> {
  await t.db.query(`UPDATE companies SET settings = settings || jsonb_build_object($1::text, $2::jsonb) WHERE id = (SELECT company_id FROM users WHERE username = $3)`, [key, JSON.stringify(value), username]);
}

describe('GET /api/navigation', () => {
  it('without a session: 401 no_current_user', async () => {
    const res = await t.rest(null, '/api/navigation');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'no_current_user' });
  });

  it('staff get the messages group exactly as the catalogue names it', async () => {
    const m = await menu('coach');
    expect(m.items.find((i) => i.id === 'messages')).toEqual({
      id: 'messages',
      uri: '/berichten',
      children: [
        { id: 'inbox', uri: '/berichten' },
        { id: 'sent', uri: '/berichten/sent' },
        { id: 'archived', uri: '/berichten/archived' },
      ],
    });
  });

  it('an administrator gets administration and user management; a coach neither (only invitations of their scope)', async () => {
    const admin = await menu('admin');
    expect(top(admin)).toEqual(expect.arrayContaining(['/', '/berichten', '#new', '#participants', '#users', '#administration', '/dashboards', '#wage-value', '/kwnw']));
    expect(children(admin, '#users')).toEqual(['/user', '/invitations']);
    const coach = await menu('coach');
    expect(top(coach)).not.toContain('#administration');
    expect(children(coach, '#users')).toEqual(['/invitations']);
    expect(children(coach, '#participants')).toEqual(['/participants', '/moddeelnemer/zoek/index', '/invitations']);
  });

  it('a manager gets only the caseload transfer under administration', async () => {
    expect(children(await menu('manager'), '#administration')).toEqual(['/administration/caseload']);
  });

  it('the wage-value expert may add measurements; a plain coach only searches them', async () => {
    expect(children(await menu('expert'), '#wage-value')).toContain('/wage-value/measurement/add');
    expect(children(await menu('coach'), '#wage-value')).not.toContain('/wage-value/measurement/add');
  });

  it('company switches turn groups off', async () => {
    await setSetting('admin', 'useMessages', false);
    await setSetting('admin', 'useWageValueMeasurements', false);
    await setSetting('admin', 'kwnwVersion', 'none');
    const m = await menu('admin');
    expect(top(m)).not.toContain('/berichten');
    expect(top(m)).not.toContain('#wage-value');
    expect(top(m)).not.toContain('/kwnw');
    await setSetting('admin', 'useMessages', true);
    await setSetting('admin', 'useWageValueMeasurements', true);
    await setSetting('admin', 'kwnwVersion', 'kwnw2');
  });

  it('participants get their portal version: newer paths or the standard Dutch paths', async () => {
    await setSetting('participant', 'participantPortalVersion', 'development_companies');
    const newer = await menu('participant');
    expect(top(newer)[0]).toBe('/participant-portal');
    expect(top(newer)).toContain('/participant-portal/my-messages');
    expect(children(newer, '/participant-portal/my-work-plans')).toEqual([
      '/participant-portal/my-work-plans/started',
      '/participant-portal/my-work-plans/unstarted',
      '/participant-portal/my-work-plans/finished',
    ]);
    await setSetting('participant', 'participantPortalVersion', 'standard');
    const standard = await menu('participant');
    expect(top(standard)[0]).toBe('/deelnemerportal');
    expect(children(standard, '/berichten')).toEqual(['/berichten', '/berichten/sent', '/berichten/archived']);
    expect(top(standard).some((u) => u.startsWith('#'))).toBe(false);
    await setSetting('participant', 'participantPortalVersion', 'development_companies');
  });

  it('a self-registered participant (registration status) gets no menu', async () => {
    expect((await menu('aanmelder')).items).toEqual([]);
  });
});
