/**
 * Shapes of the main menu (01 §2 "Main menu"). The catalogue is fixed in the client; the server's
 * navigation answer says which of its entries the signed-in user may see.
 */

/** One link of the menu. `labelKey` is an i18n key; `L` narrows it to the app's typed keys. */
export interface MenuLink<L extends string = string> {
  id: string;
  uri: string;
  labelKey: L;
}

/**
 * A top entry: a link of its own, or a group of sub-pages. Groups that have no page of their own
 * carry a fragment uri (`#<id>`) so the server can name them in its answer; it is never navigated to.
 */
export interface MenuEntry<L extends string = string> extends MenuLink<L> {
  children?: readonly MenuLink<L>[];
}

export type MenuCatalogue<L extends string = string> = readonly MenuEntry<L>[];

/** One item of `GET /api/navigation`. */
export interface NavigationItem {
  id: string;
  uri: string;
  children?: NavigationItem[];
}

export interface NavigationAnswer {
  items: NavigationItem[];
}
