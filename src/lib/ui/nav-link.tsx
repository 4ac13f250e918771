import type { MouseEvent, ReactNode } from 'react';
import { useRouter } from '@tanstack/react-router';

interface NavLinkProps {
  href: string;
  className?: string;
  current?: boolean;
  children: ReactNode;
  'aria-label'?: string;
}

/** An anchor that navigates inside the app on a plain click; a modified click (new tab, download) is left to the browser. */
export function NavLink({ href, className, current, children, ...rest }: NavLinkProps) {
  const router = useRouter();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <a href={href} className={className} aria-current={current ? 'page' : undefined} onClick={onClick} aria-label={rest['aria-label']}>
      {children}
    </a>
  );
}
