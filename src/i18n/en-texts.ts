/** Every English text (all areas): a chunk of its own, loaded when English is chosen or needed (i18n.ts). */
import core from './en.json';
import { combine, type Texts } from './all-texts';

const areas = import.meta.glob<Texts>('./areas/*.en.json', { eager: true, import: 'default' });

export const en = combine(core, areas);
