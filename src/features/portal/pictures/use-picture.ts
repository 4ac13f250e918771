import { useEffect, useState } from 'react';
import { loadPicture } from './picture-cache';

/** An object URL for a picture uuid (from the `user` cache or the network), or null. */
export function usePicture(uuid: unknown): string | null {
  const [loaded, setLoaded] = useState<{ uuid: string; url: string } | null>(null);
  const wanted = typeof uuid === 'string' && uuid ? uuid : null;
  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    let made: string | null = null;
    void loadPicture(wanted).then((blob) => {
      if (cancelled || !blob) return;
      made = URL.createObjectURL(blob);
      setLoaded({ uuid: wanted, url: made });
    });
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [wanted]);
  return wanted && loaded?.uuid === wanted ? loaded.url : null;
}
