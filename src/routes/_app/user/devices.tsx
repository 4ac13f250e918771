import { createFileRoute } from '@tanstack/react-router';
import { AuthenticatorUnlockSetting } from '../../../features/auth/webauthn/authenticator-setting';
import { DevicesPage } from '../../../features/devices/devices-page';

/** The signed-in user's own devices, and unlocking this one with its authenticator (issue 36). */
export const Route = createFileRoute('/_app/user/devices')({
  component: () => (
    <DevicesPage scope="own">
      <AuthenticatorUnlockSetting />
    </DevicesPage>
  ),
});
