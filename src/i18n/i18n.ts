import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { nl } from './resources';

export const LANGUAGES = ['nl', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'nl';
export const LANGUAGE_STORAGE_KEY = 'werkpad.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function followLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

/**
 * English is its own chunk, fetched when it is first needed: when the user picks it, when it was
 * the stored choice, or when a Dutch text is missing (the English fallback of 01 §1). The `?lang=en`
 * import is a second instance of resources.ts of which only `en` is used, so the first load carries
 * only the Dutch texts (each instance's unused half is tree-shaken).
 */
async function loadEnglish(): Promise<Record<string, unknown>> {
  const { en } = await import('./resources.ts?lang=en');
  return en;
}

const lazyLanguages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, _namespace: string, callback: ReadCallback) {
    if (language !== 'en') {
      callback(null, {});
      return;
    }
    loadEnglish().then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

let fallbackLoading: Promise<void> | null = null;

/** A Dutch text is missing: load English, make it the fallback, and render again. */
function loadEnglishFallback(): void {
  fallbackLoading ??= (async () => {
    await i18next.loadLanguages('en');
    i18next.options.fallbackLng = ['en'];
    await i18next.changeLanguage(i18next.language);
  })().catch(() => undefined);
}

/**
 * Dutch by default, English as fallback (01 §1); the chosen language is kept in localStorage.
 * Dutch is bundled; English loads on demand (i18nReady() answers when the chosen language is there).
 */
let ready: Promise<void> = Promise.resolve();

export function initI18n(language: Language = storedLanguage()): typeof i18next {
  if (!i18next.isInitialized) {
    void i18next
      .use(lazyLanguages)
      .use(initReactI18next)
      .init({
        resources: { nl: { translation: nl } },
        partialBundledLanguages: true,
        lng: DEFAULT_LANGUAGE,
        // English becomes the fallback when a Dutch text is first found missing (loadEnglishFallback),
        // so Dutch users never download it otherwise.
        fallbackLng: false,
        supportedLngs: [...LANGUAGES],
        interpolation: { escapeValue: false },
        returnNull: false,
        initAsync: false,
        saveMissing: true,
        missingKeyHandler: (languages) => {
          if (languages.includes(DEFAULT_LANGUAGE)) loadEnglishFallback();
        },
      });
    i18next.on('languageChanged', followLanguage);
  }
  followLanguage(i18next.language);
  if (language !== i18next.language) ready = i18next.changeLanguage(language).then(() => undefined);
  return i18next;
}

/** Resolves when the language asked of initI18n is loaded (at once for Dutch). */
export function i18nReady(): Promise<void> {
  return ready;
}

/** Switches the interface language (loading it first when needed) and remembers the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or storage full: the choice lasts for this page only.
  }
  await i18next.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18next.resolvedLanguage) ? i18next.resolvedLanguage : DEFAULT_LANGUAGE;
}
