import { proxy } from 'valtio';

/** Chromium's install event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'werkpad.install-dismissed';

export const installStore = proxy<{ event: BeforeInstallPromptEvent | null; dismissed: boolean; installed: boolean }>({
  event: null,
  dismissed: readDismissed(),
  installed: false,
});

function readDismissed(): boolean {
  try {
    return globalThis.localStorage?.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function dismissInstall(): void {
  installStore.dismissed = true;
  try {
    localStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Storage unavailable: dismissed for this visit only.
  }
}

export async function promptInstall(): Promise<void> {
  const event = installStore.event;
  if (!event) return;
  installStore.event = null;
  await event.prompt();
  const choice = await event.userChoice;
  if (choice.outcome === 'accepted') installStore.installed = true;
}

/** Keeps Chromium's install event for the invitation (it fires once, early). Call at start-up. */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installStore.event = event as BeforeInstallPromptEvent;
  });
  window.addEventListener('appinstalled', () => {
    installStore.installed = true;
    installStore.event = null;
  });
}

export function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return window.matchMedia?.('(display-mode: standalone)').matches === true || nav.standalone === true;
}
