import { createFileRoute } from '@tanstack/react-router';
import { SkillReportPage } from '../../../features/skill-report/skill-report-page';

export const Route = createFileRoute('/_app/_staff/skill-report')({
  component: SkillReportPage,
});
