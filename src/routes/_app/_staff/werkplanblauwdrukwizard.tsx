import { createFileRoute } from '@tanstack/react-router';
import { BlueprintWizard } from '../../../features/work-plans/blueprints/blueprint-wizard';

export const Route = createFileRoute('/_app/_staff/werkplanblauwdrukwizard')({
  component: BlueprintWizard,
});
