import { createFileRoute } from '@tanstack/react-router';
import { CmsPage } from '../../features/cms/cms-page';
import { loadTexts } from '../../i18n/i18n';

export const Route = createFileRoute('/cms/disclaimer')({
  // Its texts are not among the sign-in texts: load them before the page renders.
  beforeLoad: () => loadTexts(),
  component: () => <CmsPage page="disclaimer" />,
});
