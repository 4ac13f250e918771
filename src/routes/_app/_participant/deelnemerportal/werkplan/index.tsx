import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MyWorkPlan } from '../../../../../features/work-plans/my-work-plan';
import { MyWorkPlans } from '../../../../../features/work-plans/my-work-plans';
import { standardPortal } from '../../../../../features/work-plans/paths';

/** The standard portal's work plan: current plans (tab/1 start, tab/2 finished); ?plan= opens one. */
export const Route = createFileRoute('/_app/_participant/deelnemerportal/werkplan/')({
  validateSearch: (raw: Record<string, unknown>): { plan?: string } =>
    typeof raw.plan === 'string' || typeof raw.plan === 'number' ? { plan: String(raw.plan) } : {},
  component: RouteComponent,
});

function RouteComponent() {
  const { t } = useTranslation();
  const { plan } = Route.useSearch();
  if (plan) return <MyWorkPlan key={plan} id={plan} paths={standardPortal} />;
  return <MyWorkPlans paths={standardPortal} status="started" labels={{ started: t('workPlans.my.current'), unstarted: t('workPlans.my.start') }} />;
}
