import { createFileRoute } from '@tanstack/react-router';
import { NamedErrorPage } from '../../features/errors/named-error-page';
import { UnderConstructionPage } from '../../features/shell/under-construction-page';
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
  return development ? <UnderConstructionPage screen="devAccessToken" standalone /> : <NamedErrorPage kind="http404" standalone path="/development/access-token" />;
}
