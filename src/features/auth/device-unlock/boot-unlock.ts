/**
 * The hand-over from the unlock form that public/offline-unlock-boot.js paints before the app's entry
 * has run (the offline start after a browser restart, issue 25). That form checks nothing: the app's
 * `UnlockPanel` takes over what was typed, the focus and a pending "Openen" in the same commit in which
 * its own form appears, and `unlockOffline` decides as always (counting the try, delays, lock-out),
 * using the boot form's PBKDF2 result only when it is of the same password with the verifier's salt
 * and iteration count. Every other screen the app ends on releases the boot form (`releaseBootUnlock`).
 */

/** What the boot script keeps on `window.werkpadBootUnlock`. */
interface BootUnlockState {
  userId: number;
  submitted: boolean;
  onlineSignIn: boolean;
  derivation: { password: string; salt: string; iterations: number; bits: Promise<ArrayBuffer> } | null;
}

/** What the app's form takes over from the boot form. */
export interface BootUnlockTaken {
  password: string;
  /** "Openen" was pressed (or Enter): the app's form submits at once. */
  submitted: boolean;
  /** The password field had the focus (the app's field takes it, with the caret where it was). */
  focused: boolean;
  selection: { start: number; end: number } | null;
}

const CONTAINER_ID = 'boot-unlock';

type BootWindow = typeof globalThis & { werkpadBootUnlock?: BootUnlockState | null };

function bootState(): BootUnlockState | null {
  return (globalThis as BootWindow).werkpadBootUnlock ?? null;
}

function container(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(CONTAINER_ID);
}

/** Whether the boot form is on screen (the app has not taken it over or released it yet). */
export function bootUnlockShown(): boolean {
  return container() !== null;
}

/** What was typed in the boot form, when it is there and for this user; the form stays until released. */
export function readBootUnlock(userId: number): BootUnlockTaken | null {
  const state = bootState();
  const input = container()?.querySelector<HTMLInputElement>('input[autocomplete="current-password"]');
  if (!state || !input || state.userId !== userId) return null;
  const focused = document.activeElement === input;
  const selection = focused && input.selectionStart !== null && input.selectionEnd !== null ? { start: input.selectionStart, end: input.selectionEnd } : null;
  return { password: input.value, submitted: state.submitted, focused, selection };
}

/**
 * Removes the boot form and shows the app's root again. Answers whether the person asked for the online
 * sign-in there (the unlock panel then switches to it); null when there was no boot form.
 * `keepPendingCheck`: the unlock panel that took over a submit keeps the boot form's PBKDF2 result for
 * `takeBootDerivation`; any other screen forgets it (and the password it was derived from) at once.
 */
export function releaseBootUnlock({ keepPendingCheck = false }: { keepPendingCheck?: boolean } = {}): { onlineSignIn: boolean } | null {
  const frame = container();
  const state = bootState();
  if (state && !(keepPendingCheck && state.submitted)) (globalThis as BootWindow).werkpadBootUnlock = null;
  if (!frame) return null;
  frame.remove();
  const root = document.getElementById('root');
  if (root) root.hidden = false;
  return { onlineSignIn: state?.onlineSignIn === true };
}

/**
 * The boot form's PBKDF2 result for `password`, when it derived exactly that (same password, salt and
 * iteration count as `verifier`); taken once. null: the check derives it itself.
 */
export function takeBootDerivation(password: string, verifier: { salt: string; iterations: number }): Promise<Uint8Array> | null {
  const state = bootState();
  const derivation = state?.derivation ?? null;
  if (!state || !derivation) return null;
  (globalThis as BootWindow).werkpadBootUnlock = null;
  if (derivation.password !== password || derivation.salt !== verifier.salt || derivation.iterations !== verifier.iterations) return null;
  return derivation.bits.then((bits) => new Uint8Array(bits));
}
