import { useEffect, useRef, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { UpdatePrompt } from './update-prompt';
import { remoteVersionIsNewer } from './remote-version';
import { useSyncStatus } from '../../lib/replica/hooks';
import { UPGRADE_REQUIRED } from '../../domain/sync/write-checks';

/** Look for a new version this often while the app stays open (a tablet on a desk for a day). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (/service-worker.js: app shell, offline navigation) and shows the
 * update prompt when a new version waits, or when the remote-config check (at most once an hour, never
 * offline) says a newer version is out. Accepting activates the waiting worker and reloads the page;
 * when none waits yet, it asks the service worker to fetch the new version first.
 */
export function PwaLayer() {
  const registrationRef = useRef<ServiceWorkerRegistration | null>(null);
  const [remoteNewer, setRemoteNewer] = useState(false);
  // The server no longer takes a queued change of this version (issue 37): the change waits for the update.
  const { blockedCode } = useSyncStatus();
  const [upgradeLater, setUpgradeLater] = useState(false);
  const upgradeRequired = blockedCode === UPGRADE_REQUIRED && !upgradeLater;
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      registrationRef.current = registration;
      window.setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
  });

  useEffect(() => {
    let live = true;
    const check = () => {
      void remoteVersionIsNewer().then(
        (newer) => {
          if (live && newer) setRemoteNewer(true);
        },
        () => undefined,
      );
    };
    check();
    // The once-an-hour rule is in the check: these only give it a chance (coming online, a day-long session).
    window.addEventListener('online', check);
    const timer = window.setInterval(check, UPDATE_CHECK_MS);
    return () => {
      live = false;
      window.removeEventListener('online', check);
      window.clearInterval(timer);
    };
  }, []);

  if (!needRefresh && !remoteNewer && !upgradeRequired) return null;

  const accept = async () => {
    if (needRefresh) {
      await updateServiceWorker(true);
      return;
    }
    const registration = registrationRef.current;
    if (registration) {
      await registration.update().catch(() => undefined);
      if (registration.waiting) {
        await updateServiceWorker(true);
        return;
      }
    }
    location.reload();
  };
  return (
    <UpdatePrompt
      onAccept={() => void accept()}
      onLater={() => {
        setNeedRefresh(false);
        setRemoteNewer(false);
        setUpgradeLater(true);
      }}
    />
  );
}
