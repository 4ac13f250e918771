import type { Branding } from '../domain/shared/constants';
import { brandingCssVariables, resolveBrandingTemplate } from '../domain/company-settings/branding';

/** A company's branding over the defaults, colour by colour; invalid colours fall back (the template's own rule). */
export function resolveBranding(override: Partial<Branding> | null | undefined): Branding {
  return resolveBrandingTemplate(override ?? {});
}

/** Sets the branding variables on the document root (or `element`). */
export function applyBranding(override: Partial<Branding> | null | undefined, element: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(brandingCssVariables(resolveBranding(override)))) {
    element.style.setProperty(name, value);
  }
}
