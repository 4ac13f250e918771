import { createFileRoute } from '@tanstack/react-router';
import { DevicesPage } from '../../../features/devices/devices-page';

/** The signed-in user's own devices (issue 36). */
export const Route = createFileRoute('/_app/user/devices')({
  component: () => <DevicesPage scope="own" />,
});
