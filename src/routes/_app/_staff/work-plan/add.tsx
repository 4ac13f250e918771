import { createFileRoute } from '@tanstack/react-router';
import { AddPlanForm } from '../../../../features/work-plans/add-plan-form';

export const Route = createFileRoute('/_app/_staff/work-plan/add')({
  validateSearch: (raw: Record<string, unknown>): { participant?: number } =>
    typeof raw.participant === 'number' || (typeof raw.participant === 'string' && /^\d+$/.test(raw.participant)) ? { participant: Number(raw.participant) } : {},
  component: RouteComponent,
});

function RouteComponent() {
  const { participant } = Route.useSearch();
  return <AddPlanForm participantId={participant} />;
}
