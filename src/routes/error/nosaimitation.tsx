import { createFileRoute } from '@tanstack/react-router';
import { NamedErrorPage } from '../../features/errors/named-error-page';

export const Route = createFileRoute('/error/nosaimitation')({
  component: RouteComponent,
});

function RouteComponent() {
  return <NamedErrorPage kind="nosaimitation" standalone />;
}
