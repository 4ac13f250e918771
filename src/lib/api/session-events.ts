/** Why a session ended on this device. */
export type SignedOutReason = 'logout' | 'expired' | 'maintenance' | 'noCurrentUser' | 'mfaAttempts' | 'inactivity';

export type SignedOutListener = (reason: SignedOutReason) => void | Promise<void>;

/**
 * Listeners run when the user is signed out (logout, expiry, maintenance, inactivity). The sync engine
 * adds one that deletes the local replica; anything else that keeps per-user data can do the same.
 */
export const signedOutListeners: SignedOutListener[] = [];

/** Adds a listener for sign-out; answers the function that removes it. */
export function onSignedOut(listener: SignedOutListener): () => void {
  signedOutListeners.push(listener);
  return () => {
    const index = signedOutListeners.indexOf(listener);
    if (index !== -1) signedOutListeners.splice(index, 1);
  };
}

/** Runs every listener; one that fails does not stop the others. */
export async function notifySignedOut(reason: SignedOutReason): Promise<void> {
  await Promise.allSettled(signedOutListeners.map(async (listener) => listener(reason)));
}
