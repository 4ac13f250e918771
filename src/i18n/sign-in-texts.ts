/**
 * The Dutch texts the first page needs: the sign-in, two-step, forgot-password, registration and
 * error pages (the public routes), bundled with the entry. Everything else (every area's texts) is
 * one chunk of its own, `nl-texts.ts`, added by loadTexts() (i18n.ts) before a signed-in route
 * renders.
 *
 * The `?signin` imports are separate instances of the JSON files, of which only the named parts
 * below are kept (vite's JSON named exports are tree-shaken): importing `./nl.json` itself would
 * share one module with `nl-texts.ts`, and the whole file would land in the entry.
 * `sign-in-texts.test.ts` checks that every key the public routes use is here.
 */
import { app, auth, errorPages, errors, language, login, notAvailable, pwa, shell, validation } from './nl.json?signin';
import { errors as adminErrors } from './areas/admin.nl.json?signin';
import { toast as portalToast } from './areas/portal.nl.json?signin';
import reasons from './areas/reasons.nl.json';
import security from './areas/security.nl.json';

export const signInNl = {
  app,
  language,
  shell,
  login,
  errors,
  validation,
  errorPages,
  notAvailable,
  auth,
  pwa,
  admin: { errors: adminErrors },
  // The toast region (lib/ui/toast-host.tsx) is on every page.
  portal: { toast: portalToast },
  reasons,
  security,
};
