import { useEffect, useRef, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { createInactivityTimer, inactivityConfig, INACTIVITY_OVERRIDE_KEY, LAST_ACTIVITY_KEY, type InactivityTimer } from './inactivity-timer';
import { lockForInactivity } from './sign-out';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Locks a staff user's screen after the configured time without input, with a countdown dialog for the
 * last part ("Ingelogd blijven" starts over). See docs/decisions-auth-client.md.
 */
export function InactivityGuard() {
  const { t } = useTranslation();
  const router = useRouter();
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const timerRef = useRef<InactivityTimer | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const stayRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const store = storage();
    const config = inactivityConfig(import.meta.env, store?.getItem(INACTIVITY_OVERRIDE_KEY) ?? null);
    const timer = createInactivityTimer(
      config,
      {
        onCountdown: setSecondsLeft,
        onResume: () => setSecondsLeft(null),
        onExpire: () => {
          setSecondsLeft(null);
          // Locks (never deletes): also after a device slept past the timeout, the lock is all that happens.
          void lockForInactivity();
        },
      },
      undefined,
      store
        ? {
            read: () => {
              const value = Number(store.getItem(LAST_ACTIVITY_KEY));
              return Number.isFinite(value) && value > 0 ? value : null;
            },
            write: (at) => store.setItem(LAST_ACTIVITY_KEY, String(at)),
          }
        : null,
    );
    timerRef.current = timer;
    const onActivity = () => timer.activity();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    return () => {
      timer.stop();
      timerRef.current = null;
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [router]);

  const open = secondsLeft !== null;
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal?.();
      stayRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const stay = () => timerRef.current?.stay();
  const signOutNow = () => {
    timerRef.current?.stop();
    setSecondsLeft(null);
    // The explicit sign-out: it lists anything unsent first (/user/logout).
    void router.navigate({ href: '/user/logout' });
  };

  return (
    <dialog
      ref={dialogRef}
      className="inactivity-dialog"
      aria-labelledby="inactivity-title"
      aria-describedby="inactivity-body"
      onCancel={(event) => {
        // Escape means "I am here".
        event.preventDefault();
        stay();
      }}
    >
      {open ? (
        <>
          <h2 id="inactivity-title" className="inactivity-dialog__title">
            {t('auth.inactivity.title')}
          </h2>
          <p id="inactivity-body" aria-live="polite">
            {t('auth.inactivity.body', { count: secondsLeft ?? 0 })}
          </p>
          <div className="inactivity-dialog__actions">
            <button type="button" className="button" onClick={signOutNow}>
              {t('auth.inactivity.signOut')}
            </button>
            <button ref={stayRef} type="button" className="button button--primary" onClick={stay}>
              {t('auth.inactivity.stay')}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
