import { DEFAULT_BRANDING } from '../domain/shared/constants';
import type { Branding } from '../domain/shared/constants';

function channel(hex: string, index: number): number {
  const value = parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  return 0.2126 * channel(hex, 0) + 0.7152 * channel(hex, 1) + 0.0722 * channel(hex, 2);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const LIGHT = '#ffffff';
const DARK = '#000000';
const HEX = /^#[0-9a-f]{6}$/i;

/** The text colour (white or near-black) with the higher contrast on `background`. */
export function readableTextColor(background: string): string {
  if (!HEX.test(background)) return DARK;
  return contrastRatio(background, LIGHT) >= contrastRatio(background, DARK) ? LIGHT : DARK;
}

/** A company's branding overrides the defaults colour by colour; invalid colours fall back. */
export function resolveBranding(override: Partial<Branding> | null | undefined): Branding {
  const pick = (key: Exclude<keyof Branding, 'logoUri'>): string => {
    const value = override?.[key];
    return typeof value === 'string' && HEX.test(value) ? value : DEFAULT_BRANDING[key];
  };
  return {
    primaryColor: pick('primaryColor'),
    headerColor: pick('headerColor'),
    mainMenuBackgroundColor: pick('mainMenuBackgroundColor'),
    mainMenuActiveColor: pick('mainMenuActiveColor'),
    mainMenuTextAndIconColor: pick('mainMenuTextAndIconColor'),
    logoUri: override?.logoUri ?? DEFAULT_BRANDING.logoUri,
  };
}

/** CSS custom properties for a branding template (01 §3, §9). */
export function brandingCssVariables(branding: Branding): Record<string, string> {
  return {
    '--color-primary': branding.primaryColor,
    '--color-on-primary': readableTextColor(branding.primaryColor),
    '--color-header': branding.headerColor,
    '--color-on-header': readableTextColor(branding.headerColor),
    '--menu-background': branding.mainMenuBackgroundColor,
    '--menu-active': branding.mainMenuActiveColor,
    '--menu-on-active': readableTextColor(branding.mainMenuActiveColor),
    '--menu-text': branding.mainMenuTextAndIconColor,
  };
}

/** Sets the branding variables on the document root (or `element`). */
export function applyBranding(override: Partial<Branding> | null | undefined, element: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(brandingCssVariables(resolveBranding(override)))) {
    element.style.setProperty(name, value);
  }
}
