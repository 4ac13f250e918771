import { useRegisterSW } from 'virtual:pwa-register/react';
import { UpdatePrompt } from './update-prompt';

/** Look for a new version this often while the app stays open (a tablet on a desk for a day). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (/service-worker.js: app shell, offline navigation) and shows the
 * update prompt when a new version waits. Accepting activates it and reloads the page.
 */
export function PwaLayer() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      window.setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
  });
  if (!needRefresh) return null;
  return <UpdatePrompt onAccept={() => void updateServiceWorker(true)} onLater={() => setNeedRefresh(false)} />;
}
