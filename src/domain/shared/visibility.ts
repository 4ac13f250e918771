/** Visibility / display values (01 §3, 02 §4): users also know blocked. */
export const Visibility = {
  deleted: 0,
  visible: 1,
  hidden: 2,
  blocked: 3,
} as const;

export type VisibilityName = keyof typeof Visibility;
export type VisibilityId = (typeof Visibility)[VisibilityName];
