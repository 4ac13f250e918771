import { describe, expect, it } from 'vitest';
import { resolveBranding } from './branding';
// The colour maths and the variables live with the template style sheet, which the server serves from the same list.
import { brandingCssVariables, contrast as contrastRatio, readableTextColor } from '../domain/company-settings/branding';

describe('readableTextColor', () => {
  it.each([
    ['#000000', '#ffffff'],
    ['#ffffff', '#000000'],
    ['#fafafa', '#000000'],
    ['#1d3557', '#ffffff'],
    ['not-a-colour', '#000000'],
  ])('%s -> %s', (bg, expected) => {
    expect(readableTextColor(bg)).toBe(expected);
  });

  it('always reaches at least 4.5:1 on the default colours', () => {
    for (const bg of ['#3383a9', '#fafafa', '#242424']) {
      expect(contrastRatio(bg, readableTextColor(bg))).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('resolveBranding', () => {
  it('uses the spec defaults (01 §9)', () => {
    expect(resolveBranding(null)).toEqual({
      primaryColor: '#3383a9',
      headerColor: '#3383a9',
      mainMenuBackgroundColor: '#fafafa',
      mainMenuActiveColor: '#3383a9',
      mainMenuTextAndIconColor: '#242424',
      logoUri: null,
    });
  });

  it('overrides colour by colour and ignores invalid values', () => {
    const branding = resolveBranding({ headerColor: '#112233', primaryColor: 'red', logoUri: '/logo.png' });
    expect(branding.headerColor).toBe('#112233');
    expect(branding.primaryColor).toBe('#3383a9');
    expect(branding.logoUri).toBe('/logo.png');
  });

  it('maps to CSS custom properties', () => {
    const vars = brandingCssVariables(resolveBranding({ headerColor: '#112233' }));
    expect(vars['--color-header']).toBe('#112233');
    expect(vars['--color-on-header']).toBe('#ffffff');
    expect(vars['--menu-background']).toBe('#fafafa');
  });

  it('gives the unread badge text that reads on the menu-active colour (AA, 4.5:1)', () => {
    // White on the default #3383a9 is 4.23:1, below AA for the badge's 12 px figures; black is 4.96:1.
    const defaults = brandingCssVariables(resolveBranding({}));
    expect(defaults['--menu-on-active']).toBe('#000000');
    expect(contrastRatio('#3383a9', defaults['--menu-on-active']!)).toBeGreaterThan(4.5);
    const dark = brandingCssVariables(resolveBranding({ mainMenuActiveColor: '#1a3a5c' }));
    expect(dark['--menu-on-active']).toBe('#ffffff');
  });
});
