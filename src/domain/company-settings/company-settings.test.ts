import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { adapterSettingsProblem } from './auth-adapters';
import { certificateState } from './certificates';
import { brandingStyleSheet, contrastProblems, resolveBrandingTemplate } from './branding';
import { effectiveRoleId } from './roles';
import { CompanySettingsSchema, logoProblem, parseWidgetOrders } from './settings-input';

describe('certificateState', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it.each([
    ['2026-01-01', '2027-01-01', 'valid'],
    ['2026-01-01', '2026-06-20', 'expiring'],
    ['2025-01-01', '2026-05-31', 'expired'],
    ['2026-07-01', '2027-07-01', 'notYetValid'],
  ])('%s – %s is %s', (from, to, state) => {
    expect(certificateState(from, to, now)).toBe(state);
  });
});

describe('adapterSettingsProblem', () => {
  it.each([
    ['oidc', '{"issuer":"https://id.example.nl","clientId":"a","clientSecret":"b"}', null],
    ['oidc', '{"issuer":"https://id.example.nl","clientId":"a"}', 'admin.errors.adapter.clientSecret'],
    ['oidc', '{"issuer":"ftp://x","clientId":"a","clientSecret":"b"}', 'admin.errors.adapter.issuer'],
    ['saml2', '{"entityId":"x","ssoUrl":"https://idp.example.nl/sso","idpCertificate":"-----BEGIN CERTIFICATE-----x"}', null],
    ['entra_id', '{"tenantId":"0b7f0e6e-8d0a-4c43-9a3b-2f1d1c4f5e6a","clientId":"0b7f0e6e-8d0a-4c43-9a3b-2f1d1c4f5e6a","clientSecret":"s"}', null],
    ['entra_id', '{}', 'admin.errors.adapter.tenantId'],
    ['ldap', '{}', 'admin.errors.adapter.adapter'],
    ['oidc', '{nope', 'admin.errors.adapter.json'],
  ])('%s %s → %s', (adapter, settings, problem) => {
    expect(adapterSettingsProblem(adapter, settings)).toBe(problem);
  });
});

describe('logo rules (01 §5)', () => {
  it.each([
    [50_000, 'image/png', null],
    [50_000, 'image/gif', null],
    [50_000, 'image/x-ms-bmp', null],
    [102_401, 'image/png', 'admin.errors.settings.logoTooLarge'],
    [0, 'image/png', 'admin.errors.settings.logoEmpty'],
    [50_000, 'application/pdf', 'admin.errors.settings.logoType'],
    [50_000, null, 'admin.errors.settings.logoType'],
  ])('%d bytes of %s → %s', (size, type, problem) => {
    expect(logoProblem(size, type, 100 * 1024)).toBe(problem);
  });
});

describe('company settings', () => {
  it('widget orders: known widgets, each once, on known pages', () => {
    expect(parseWidgetOrders('{"home":["my-tasks","my-profile"]}')).toEqual({ home: ['my-tasks', 'my-profile'], profile: [] });
    expect(parseWidgetOrders('{"home":["my-tasks","my-tasks"]}')).toBeNull();
    expect(parseWidgetOrders('{"sidebar":[]}')).toBeNull();
    expect(parseWidgetOrders('[]')).toBeNull();
  });
  it('the schema keeps only known keys and refuses unknown values', () => {
    expect(v.safeParse(CompanySettingsSchema, { useProcessFlow: true, identificationSystem: 'Persoonsnummer' }).success).toBe(true);
    expect(v.safeParse(CompanySettingsSchema, { kwnwVersion: 'kwnw3' }).success).toBe(false);
    expect(v.parse(CompanySettingsSchema, { somethingElse: 1 })).toEqual({});
  });
});

describe('branding', () => {
  it('falls back colour by colour and writes the style sheet', () => {
    const b = resolveBrandingTemplate({ primaryColor: '#112233', headerColor: 'red' });
    expect(b.primaryColor).toBe('#112233');
    expect(b.headerColor).toBe('#3383a9');
    expect(brandingStyleSheet(b)).toContain('--color-primary: #112233;');
    expect(brandingStyleSheet(b)).toContain('--color-on-primary: #ffffff;');
    // The unread badge's figures on the default menu-active colour: black (4.96:1), not white (4.23:1).
    expect(brandingStyleSheet(b)).toContain('--menu-on-active: #000000;');
  });
  it('warns for pairs below WCAG AA', () => {
    const base = resolveBrandingTemplate({});
    expect(contrastProblems({ ...base, mainMenuTextAndIconColor: '#eeeeee' }).map((p) => p.pair)).toContain('menuText');
    expect(contrastProblems({ ...base, mainMenuActiveColor: '#000000' })).toEqual([]);
  });
});

describe('effectiveRoleId: a company role has its parent role rights, never more', () => {
  it.each([
    [{ id: 7, parentRoleId: null, companyId: null }, 7],
    [{ id: 1001, parentRoleId: 4, companyId: 1 }, 4],
    [{ id: 1002, parentRoleId: 1, companyId: 1 }, 12],
    [{ id: 1003, parentRoleId: null, companyId: 1 }, 12],
  ])('%j → %d', (role, id) => {
    expect(effectiveRoleId(role)).toBe(id);
  });
});
