import { createFileRoute } from '@tanstack/react-router';
import { NamedErrorPage } from '../../features/errors/named-error-page';

export const Route = createFileRoute('/error/testnotfound')({
  component: RouteComponent,
});

function RouteComponent() {
  return <NamedErrorPage kind="testnotfound" standalone />;
}
