import { createFileRoute } from '@tanstack/react-router';
import { NamedErrorPage } from '../../features/errors/named-error-page';
import { AccessTokenPage } from '../../features/development/access-token-page';
import { serverInDevelopment } from '../../lib/api/dev-mode';
import { loadTexts } from '../../i18n/i18n';

/** Development only (`npm run dev`); in production the page is not found. */
export const Route = createFileRoute('/development/access-token')({
  beforeLoad: () => loadTexts(),
  loader: async () => ({ development: await serverInDevelopment() }),
  component: RouteComponent,
});

function RouteComponent() {
  const { development } = Route.useLoaderData();
  return development ? <AccessTokenPage /> : <NamedErrorPage kind="http404" standalone path="/development/access-token" />;
}
