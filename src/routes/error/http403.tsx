import { createFileRoute } from '@tanstack/react-router';
import { NamedErrorPage } from '../../features/errors/named-error-page';

export const Route = createFileRoute('/error/http403')({
  component: RouteComponent,
});

function RouteComponent() {
  return <NamedErrorPage kind="http403" standalone />;
}
