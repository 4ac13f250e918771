import type { nl } from './resources';

/** A menu label: a key under `menu` in the locale files. */
export type MenuLabelKey = `menu.${keyof typeof nl.menu}`;

/** A screen title: a key under `screens`. */
export type ScreenKey = keyof typeof nl.screens;
