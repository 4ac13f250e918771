import { createFileRoute } from '@tanstack/react-router';
import { redirectHome } from '../../app/guards';
import { UnderConstructionPage } from '../../features/shell/under-construction-page';

export const Route = createFileRoute('/_app/')({
  beforeLoad: () => redirectHome(),
  component: RouteComponent,
});

function RouteComponent() {
  return <UnderConstructionPage screen="home" />;
}
