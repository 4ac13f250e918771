import { createFileRoute } from '@tanstack/react-router';
import { DevicesPage } from '../../../../features/devices/devices-page';

/** The organisation's devices for administrators (issue 36). */
export const Route = createFileRoute('/_app/_staff/administratie/apparaten')({
  component: () => <DevicesPage scope="company" />,
});
