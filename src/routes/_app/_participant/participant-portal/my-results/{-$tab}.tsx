import { createFileRoute } from '@tanstack/react-router';
import { MyResults, RESULT_TABS, type ResultTab } from '../../../../../features/work-plans/results/my-results';

export const Route = createFileRoute('/_app/_participant/participant-portal/my-results/{-$tab}')({
  component: RouteComponent,
});

function RouteComponent() {
  const { tab } = Route.useParams();
  const current: ResultTab = (RESULT_TABS as readonly string[]).includes(tab ?? '') ? (tab as ResultTab) : 'personal-development';
  return <MyResults base="/participant-portal/my-results" tab={current} />;
}
