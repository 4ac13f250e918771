import { createFileRoute } from '@tanstack/react-router';
import { DeviceRevokedPage } from '../features/devices/revoked-page';

/** A revoked device after its wipe (issue 36). */
export const Route = createFileRoute('/apparaat-ingetrokken')({
  component: DeviceRevokedPage,
});
