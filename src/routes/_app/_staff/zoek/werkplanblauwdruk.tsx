import { createFileRoute } from '@tanstack/react-router';
import { BlueprintSearch } from '../../../../features/work-plans/blueprints/blueprint-search';

export const Route = createFileRoute('/_app/_staff/zoek/werkplanblauwdruk')({
  component: BlueprintSearch,
});
