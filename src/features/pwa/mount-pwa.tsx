import { createRoot } from 'react-dom/client';
import { captureInstallPrompt } from './install-prompt';
import { PwaLayer } from './pwa-layer';

/**
 * Start-up of the PWA pieces, outside the router so they work on every page (sign-in included):
 * the service worker with its update prompt in a root of its own, and Chromium's install event.
 */
export function mountPwa(): void {
  captureInstallPrompt();
  if (!('serviceWorker' in navigator)) return;
  const host = document.createElement('div');
  host.id = 'pwa-root';
  document.body.append(host);
  createRoot(host).render(<PwaLayer />);
}
