import { createFileRoute } from '@tanstack/react-router';
import { parseRelated, RelatedList } from '../../../../features/dashboards/related-list';

export interface RelatedSearch {
  /** The figure's filters as JSON (RelatedRequestSchema). */
  q?: string;
}

export const Route = createFileRoute('/_app/_staff/dashboards/lijst/$subject')({
  validateSearch: (search: Record<string, unknown>): RelatedSearch => (typeof search.q === 'string' ? { q: search.q } : typeof search.q === 'object' && search.q !== null ? { q: JSON.stringify(search.q) } : {}),
  component: RouteComponent,
});

function RouteComponent() {
  const { subject } = Route.useParams();
  const { q } = Route.useSearch();
  const request = parseRelated(q);
  return <RelatedList request={request && request.subject === subject ? request : null} />;
}
