import { createFileRoute } from '@tanstack/react-router';
import { NamedErrorPage } from '../../features/errors/named-error-page';

export const Route = createFileRoute('/error/locked')({
  component: RouteComponent,
});

function RouteComponent() {
  return <NamedErrorPage kind="locked" standalone />;
}
