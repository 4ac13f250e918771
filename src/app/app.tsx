import { StrictMode, useLayoutEffect } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { CrashPage } from '../features/errors/crash-page';
import { ToastHost } from '../lib/ui/toast-host';
import { releaseBootUnlock } from '../features/auth/device-unlock/boot-unlock';
import { router } from './router';
import { useChunkWatchdog } from './use-chunk-watchdog';

export function App() {
  const chunkTimeout = useChunkWatchdog(router);
  // The crash page replaces everything, the boot unlock form (public/offline-unlock-boot.js) too.
  useLayoutEffect(() => {
    if (chunkTimeout) releaseBootUnlock();
  }, [chunkTimeout]);
  return (
    <StrictMode>
      {chunkTimeout ? <CrashPage error={chunkTimeout} /> : <RouterProvider router={router} />}
      <ToastHost />
    </StrictMode>
  );
}
