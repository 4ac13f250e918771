/**
 * `./nl.json?signin`, `./areas/admin.nl.json?signin` and `./areas/portal.nl.json?signin`: a second instance of a locale file of which
 * only the named top-level parts imported by sign-in-texts.ts are kept (see there). The shapes are
 * those of the files themselves; i18next's key types come from resources.ts.
 */
declare module '*nl.json?signin' {
  type Texts = { readonly [key: string]: string | Texts };
  export const app: Texts;
  export const language: Texts;
  export const shell: Texts;
  export const login: Texts;
  export const errors: Texts;
  export const validation: Texts;
  export const errorPages: Texts;
  export const notAvailable: Texts;
  export const auth: Texts;
  export const pwa: Texts;
  export const toast: Texts;
}
