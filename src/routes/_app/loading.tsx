import { createFileRoute } from '@tanstack/react-router';
import { LoadingPage } from '../../features/errors/loading-page';

export const Route = createFileRoute('/_app/loading')({
  component: LoadingPage,
});
