import { createRoot } from 'react-dom/client';
import { installDeviceReport } from './lib/device/device-report';
import './app/styles.css';
import './lib/ui/theme.css';
import { App } from './app/app';
import { initSentry } from './app/sentry';
import { mountPwa } from './features/pwa/mount-pwa';
import { i18nReady, initI18n } from './i18n/i18n';
import { startSyncFollowingSession } from './app/start-sync';
import { installDeviceUnlock } from './features/auth/device-unlock/device-unlock';
import { applyBranding } from './lib/branding';
import { router } from './app/router';
import { bootUnlockShown, releaseBootUnlock } from './features/auth/device-unlock/boot-unlock';

initI18n();
applyBranding(null);
void initSentry();

// A stale chunk after a deployment (vite's preload failed): reload once to fetch the new version.
const PRELOAD_RELOAD_KEY = 'werkpad.preload-reloaded';
window.setTimeout(() => sessionStorage.removeItem(PRELOAD_RELOAD_KEY), 30_000);
window.addEventListener('vite:preloadError', (event) => {
  const key = PRELOAD_RELOAD_KEY;
  // Offline a reload cannot help: let the route show its "could not be loaded" page instead.
  if (!navigator.onLine || sessionStorage.getItem(key)) return;
  sessionStorage.setItem(key, '1');
  event.preventDefault();
  window.location.reload();
});

// The boot unlock form (public/offline-unlock-boot.js) stays until the unlock panel takes it over; a
// screen that is not the sign-in page (a route that needs no session) releases it once resolved.
const stopBootWatch = router.subscribe('onResolved', ({ toLocation }) => {
  if (!bootUnlockShown()) stopBootWatch();
  else if (!toLocation.pathname.startsWith('/login')) {
    releaseBootUnlock();
    stopBootWatch();
  }
});

const root = document.getElementById('root');
// Waits only when English was the stored choice (its texts load on demand).
void i18nReady().finally(() => {
  if (root) createRoot(root).render(<App />);
});

// The sync worker follows the signed-in user (replica per user and company; deleted on sign-out);
// its code loads once someone is signed in, so the sign-in page does not carry it.
startSyncFollowingSession();
// Offline unlock follows the session: an explicit sign-out forgets this device's verifier of the user.
installDeviceUnlock();
// After each sync the device reports its unsent rows and learns the company's offline cap (issue 36).
installDeviceReport();
// Service worker (app shell offline, update prompt) and the install invitation.
mountPwa();
