/**
 * Profile and homepage pictures in the browser Cache named `user` (01 §9): put there when chosen
 * (so they show offline at once, before the upload went), read from there before the network.
 */
import { PICTURE_CACHE, PICTURE_MAX_SIDE, pictureUrl } from '../../../domain/portal/pictures';

export async function cachePicture(uuid: string, blob: Blob): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(PICTURE_CACHE);
  await cache.put(pictureUrl(uuid), new Response(blob, { headers: { 'content-type': blob.type } }));
}

/** The picture as a blob: from the `user` cache, else fetched (and cached); null when unavailable. */
export async function loadPicture(uuid: string): Promise<Blob | null> {
  const url = pictureUrl(uuid);
  if (typeof caches !== 'undefined') {
    const cache = await caches.open(PICTURE_CACHE);
    const hit = await cache.match(url);
    if (hit) return hit.blob();
    try {
      const res = await fetch(url, { credentials: 'include' });
      if (!res.ok) return null;
      await cache.put(url, res.clone());
      return await res.blob();
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Scales a photo down on the phone (weak connections): the longest side at most 1280 px, JPEG
 * (PNG stays PNG when it is already small). Answers the original when the browser cannot decode it.
 */
export async function scalePicture(file: File): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const scale = Math.min(1, PICTURE_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size < 512 * 1024 && (file.type === 'image/png' || file.type === 'image/jpeg')) return file;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  return blob ?? file;
}
