import { DEFAULT_BRANDING } from '../domain/shared/constants';
import type { Branding } from '../domain/shared/constants';
import { brandingCssVariables } from '../domain/company-settings/branding';

// The colour maths and the variables live with the template style sheet, which the server serves from the same list.
export { brandingCssVariables, contrast as contrastRatio, luminance, readableTextColor } from '../domain/company-settings/branding';

const HEX = /^#[0-9a-f]{6}$/i;

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

/** Sets the branding variables on the document root (or `element`). */
export function applyBranding(override: Partial<Branding> | null | undefined, element: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(brandingCssVariables(resolveBranding(override)))) {
    element.style.setProperty(name, value);
  }
}
