import { createFileRoute } from '@tanstack/react-router';
import { NamedErrorPage } from '../../features/errors/named-error-page';

export const Route = createFileRoute('/error/expired')({
  component: RouteComponent,
});

function RouteComponent() {
  return <NamedErrorPage kind="expired" standalone />;
}
