import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '../../features/shell/under-construction-page';
import { loadTexts } from '../../i18n/i18n';

export const Route = createFileRoute('/oauth/authorization-code')({
  // The page shows menu and screen texts, which are not among the sign-in texts.
  beforeLoad: () => loadTexts(),
  component: RouteComponent,
});

function RouteComponent() {
  return <UnderConstructionPage screen="authorizationCode" standalone />;
}
