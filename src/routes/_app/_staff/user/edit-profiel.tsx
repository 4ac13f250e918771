import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../../../features/users/profile-page';

export const Route = createFileRoute('/_app/_staff/user/edit-profiel')({
  component: ProfilePage,
});
