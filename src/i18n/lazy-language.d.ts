/** `resources.ts?lang=en`: the English half of the texts as its own chunk (see i18n.ts). */
declare module '*?lang=en' {
  export const en: Record<string, unknown>;
}
