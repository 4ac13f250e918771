import { DEFAULT_BRANDING, type Branding } from '../shared/constants';

export type BrandingShape = Branding;

const HEX = /^#[0-9a-fA-F]{6}$/;
const COLOURS = ['primaryColor', 'headerColor', 'mainMenuBackgroundColor', 'mainMenuActiveColor', 'mainMenuTextAndIconColor'] as const;

/** A company's stored branding over the defaults (01 §9), colour by colour; invalid colours fall back. */
export function resolveBrandingTemplate(stored: Readonly<Record<string, unknown>>): Branding {
  const out = { ...DEFAULT_BRANDING } as Branding;
  for (const key of COLOURS) {
    const value = stored[key];
    if (typeof value === 'string' && HEX.test(value)) out[key] = value;
  }
  out.logoUri = typeof stored.logoUri === 'string' ? stored.logoUri : null;
  return out;
}

function channel(hex: string, index: number): number {
  const value = parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  return 0.2126 * channel(hex, 0) + 0.7152 * channel(hex, 1) + 0.0722 * channel(hex, 2);
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const LIGHT = '#ffffff';
const DARK = '#000000';

/** The text colour (white or black) with the higher contrast on `background`; black on what is no colour. */
export function readableTextColor(background: string): string {
  if (!HEX.test(background)) return DARK;
  return contrast(background, LIGHT) >= contrast(background, DARK) ? LIGHT : DARK;
}

/** WCAG 2.1 AA for normal text. */
export const AA_CONTRAST = 4.5;

/** Colour pairs of the template that text is drawn in, with their contrast, for the AA warning. */
export function contrastProblems(b: Branding): { pair: 'menuText' | 'menuActive'; ratio: number }[] {
  const checks = [
    { pair: 'menuText' as const, ratio: contrast(b.mainMenuTextAndIconColor, b.mainMenuBackgroundColor) },
    { pair: 'menuActive' as const, ratio: contrast(b.mainMenuActiveColor, b.mainMenuBackgroundColor) },
  ];
  return checks.filter((c) => c.ratio < AA_CONTRAST);
}

/**
 * The branding as CSS custom properties (01 §3, §9), with the text colour that reads on each coloured surface.
 * One list for the app (src/lib/branding.ts sets them on the page) and the template style sheet below.
 */
export function brandingCssVariables(b: Branding): Record<string, string> {
  return {
    '--color-primary': b.primaryColor,
    '--color-on-primary': readableTextColor(b.primaryColor),
    '--color-header': b.headerColor,
    '--color-on-header': readableTextColor(b.headerColor),
    '--menu-background': b.mainMenuBackgroundColor,
    '--menu-active': b.mainMenuActiveColor,
    '--menu-on-active': readableTextColor(b.mainMenuActiveColor),
    '--menu-text': b.mainMenuTextAndIconColor,
  };
}

/** The template style sheet (GET instantie/style.css): the branding as CSS variables. */
export function brandingStyleSheet(b: Branding): string {
  const vars = Object.entries(brandingCssVariables(b));
  return `:root {\n${vars.map(([k, val]) => `  ${k}: ${val};`).join('\n')}\n}\n`;
}
