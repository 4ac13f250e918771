import type { MouseEvent, ReactNode } from 'react';
import { useRouter } from '@tanstack/react-router';
import { preloadRouteCode } from './preload-menu';

interface MenuLinkProps {
  uri: string;
  current: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A link to a catalogue uri. Catalogue uris are data (some lead to legacy pages), so this is a plain
 * anchor that navigates inside the app on an ordinary click and behaves as a link otherwise. Like
 * the router's own links (`defaultPreload: 'intent'`), it loads the target route's code when the
 * pointer rests on it, a finger touches it or it gets the keyboard focus, so the click finds it ready.
 */
export function MenuLink({ uri, current, className, children }: MenuLinkProps) {
  const router = useRouter();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href: uri });
  };
  const preload = () => {
    if (!current) preloadRouteCode(router, uri);
  };
  return (
    <a href={uri} className={className} aria-current={current ? 'page' : undefined} onClick={onClick} onPointerEnter={preload} onFocus={preload} onTouchStart={preload}>
      {children}
    </a>
  );
}
