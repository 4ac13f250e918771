import { createFileRoute } from '@tanstack/react-router';
import { ResultsScreen } from '../../../../features/portal/targets/results-screen';

export const Route = createFileRoute('/_app/_participant/deelnemerportal/resultaten')({
  component: RouteComponent,
});

function RouteComponent() {
  return <ResultsScreen />;
}
