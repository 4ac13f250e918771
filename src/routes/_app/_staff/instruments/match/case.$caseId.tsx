import { createFileRoute } from '@tanstack/react-router';
import { CaseMatchingPage } from '../../../../../features/instruments/case-matching';

export const Route = createFileRoute('/_app/_staff/instruments/match/case/$caseId')({
  component: RouteComponent,
});

function RouteComponent() {
  const { caseId } = Route.useParams();
  const id = /^\d{1,15}$/.test(caseId) ? Number(caseId) : 0;
  return <CaseMatchingPage key={id} caseId={id} />;
}
