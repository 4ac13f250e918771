import 'i18next';
import type { nl } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof nl };
    returnNull: false;
  }
}
