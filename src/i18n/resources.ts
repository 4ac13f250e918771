/**
 * The interface texts: the shared core (nl.json, en.json) plus one file per area under areas/
 * (`areas/<area>.nl.json` and `areas/<area>.en.json`), so areas add texts without touching the
 * core files. Add an area with one import and one line per language (kept one entry per line:
 * .gitattributes merges this file line by line).
 */
import enCore from './en.json';
import nlCore from './nl.json';
import enSecurity from './areas/security.en.json';
import nlSecurity from './areas/security.nl.json';

export const nl = {
  ...nlCore,
  security: nlSecurity,
};

export const en = {
  ...enCore,
  security: enSecurity,
} satisfies Record<keyof typeof nl, unknown>;
