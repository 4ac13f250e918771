import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MyWorkPlans } from '../../../../../features/work-plans/my-work-plans';
import { standardPortal } from '../../../../../features/work-plans/paths';

/** tab/1: plans to start; tab/2: finished plans. */
export const Route = createFileRoute('/_app/_participant/deelnemerportal/werkplan/index/tab/$tab')({
  component: RouteComponent,
});

function RouteComponent() {
  const { t } = useTranslation();
  const { tab } = Route.useParams();
  return <MyWorkPlans paths={standardPortal} status={tab === '2' ? 'finished' : tab === '1' ? 'unstarted' : 'started'} labels={{ started: t('workPlans.my.current'), unstarted: t('workPlans.my.start') }} />;
}
