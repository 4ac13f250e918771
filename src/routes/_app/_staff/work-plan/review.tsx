import { createFileRoute } from '@tanstack/react-router';
import { ReviewRound } from '../../../../features/work-plans/review-round';

export interface RoundSearch {
  i?: number;
  plan?: string;
}

export const Route = createFileRoute('/_app/_staff/work-plan/review')({
  validateSearch: (raw: Record<string, unknown>): RoundSearch => {
    const out: RoundSearch = {};
    const i = typeof raw.i === 'number' ? raw.i : typeof raw.i === 'string' && /^\d+$/.test(raw.i) ? Number(raw.i) : undefined;
    if (i !== undefined) out.i = i;
    if (typeof raw.plan === 'string' && /^[0-9a-f-]{36}$/i.test(raw.plan)) out.plan = raw.plan;
    return out;
  },
  component: RouteComponent,
});

function RouteComponent() {
  const { i, plan } = Route.useSearch();
  return <ReviewRound index={i} plan={plan} />;
}
