import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { signInNl } from './sign-in-texts';

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
 * English is its own chunk (en-texts.ts), fetched when it is first needed: when the user picks it,
 * when it was the stored choice, or when a Dutch text is missing (the English fallback of 01 §1).
 */
async function loadEnglish(): Promise<Record<string, unknown>> {
  const { en } = await import('./en-texts');
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

/** Resolves when the language asked of initI18n is loaded (see i18nReady). */
let ready: Promise<void> = Promise.resolve();

/**
 * Every area's Dutch texts: `nl-texts.ts` (the core file and every area file) as a chunk of its own,
 * merged into the sign-in texts the entry carries (sign-in-texts.ts). Loaded by loadTexts() before a
 * signed-in route renders, and at once when a Dutch text is found missing before that.
 */
let dutchLoading: Promise<void> | null = null;
let dutchLoaded = false;
/** A route asked for every area's texts (loadTexts): switching to Dutch must bring them too. */
let allTextsWanted = false;

function loadDutchTexts(): Promise<void> {
  dutchLoading ??= import('./nl-texts').then(
    ({ nl }) => {
      // Every top-level key of `nl` holds the whole of that part (the sign-in set is a subset of it,
      // sign-in-texts.test.ts), so a shallow replace is enough; no deep merge and no JSON copy of
      // the whole bundle on the main thread while the first signed-in screen starts.
      i18next.addResourceBundle(DEFAULT_LANGUAGE, 'translation', nl, false, true, { silent: false, skipCopy: true });
      dutchLoaded = true;
    },
    (error: unknown) => {
      dutchLoading = null;
      throw error;
    },
  );
  return dutchLoading;
}

/**
 * Every area's texts in the current language, for the routes beyond the public pages: awaited in
 * their `beforeLoad` (guardRoute and the public pages that show menu texts), so no screen renders
 * raw keys. Dutch loads its area chunk; English is complete once loaded (i18nReady).
 */
export async function loadTexts(): Promise<void> {
  allTextsWanted = true;
  if (i18next.language === 'en') await ready;
  else await loadDutchTexts();
}

/** A Dutch text is missing before the areas' texts are there: load them and render again. */
function loadDutchThenRender(): void {
  loadDutchTexts()
    .then(() => i18next.changeLanguage(i18next.language))
    .catch(() => undefined);
}

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
 * The public pages' Dutch texts are bundled; the areas' Dutch texts load with the first signed-in
 * route (loadTexts), English on demand (i18nReady() answers when the chosen language is there).
 */
export function initI18n(language: Language = storedLanguage()): typeof i18next {
  if (!i18next.isInitialized) {
    void i18next
      .use(lazyLanguages)
      .use(initReactI18next)
      .init({
        resources: { nl: { translation: signInNl } },
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
          if (!languages.includes(DEFAULT_LANGUAGE)) return;
          if (dutchLoaded) loadEnglishFallback();
          else loadDutchThenRender();
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
  if (language === DEFAULT_LANGUAGE && allTextsWanted) await loadDutchTexts();
  await i18next.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18next.resolvedLanguage) ? i18next.resolvedLanguage : DEFAULT_LANGUAGE;
}
