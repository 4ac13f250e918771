import { StrictMode } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { CrashPage } from '../features/errors/crash-page';
import { ToastHost } from '../lib/ui/toast-host';
import { router } from './router';
import { useChunkWatchdog } from './use-chunk-watchdog';

export function App() {
  const chunkTimeout = useChunkWatchdog(router);
  return (
    <StrictMode>
      {chunkTimeout ? <CrashPage error={chunkTimeout} /> : <RouterProvider router={router} />}
      <ToastHost />
    </StrictMode>
  );
}
