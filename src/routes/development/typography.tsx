import { createFileRoute } from '@tanstack/react-router';
import { NamedErrorPage } from '../../features/errors/named-error-page';
import { TypographyPage } from '../../features/development/typography-page';
import { serverInDevelopment } from '../../lib/api/dev-mode';
import { loadTexts } from '../../i18n/i18n';

/** Development only (`npm run dev`); in production the page is not found. */
export const Route = createFileRoute('/development/typography')({
  beforeLoad: () => loadTexts(),
  loader: async () => ({ development: await serverInDevelopment() }),
  component: RouteComponent,
});

function RouteComponent() {
  const { development } = Route.useLoaderData();
  return development ? <TypographyPage /> : <NamedErrorPage kind="http404" standalone path="/development/typography" />;
}
