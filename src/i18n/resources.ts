/**
 * The interface texts: the shared core (nl.json, en.json) plus one file per area under areas/
 * (`areas/<area>.nl.json` and `areas/<area>.en.json`), so areas add texts without touching the
 * core files. Add an area with one import and one line per language (kept one entry per line:
 * .gitattributes merges this file line by line).
 */
import enCore from './en.json';
import nlCore from './nl.json';
import enAdmin from './areas/admin.en.json';
import nlAdmin from './areas/admin.nl.json';
import enUsers from './areas/users.en.json';
import nlUsers from './areas/users.nl.json';

export const nl = {
  ...nlCore,
  admin: nlAdmin,
  users: nlUsers,
};

export const en = {
  ...enCore,
  admin: enAdmin,
  users: enUsers,
} satisfies Record<keyof typeof nl, unknown>;
