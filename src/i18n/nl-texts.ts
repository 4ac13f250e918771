/** Every Dutch text (all areas): a chunk of its own, loaded by loadTexts() in i18n.ts. */
import core from './nl.json';
import { combine, type Texts } from './all-texts';

const areas = import.meta.glob<Texts>('./areas/*.nl.json', { eager: true, import: 'default' });

export const nl = combine(core, areas);
