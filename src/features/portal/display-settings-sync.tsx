import { useEffect } from 'react';
import { readDisplaySettings } from '../../domain/portal/display-settings';
import { setDisplaySettings } from '../../lib/ui/display-settings';
import { usePortal } from './use-portal';

/**
 * Keeps this device's theme and notification mode equal to the user's stored settings (replica plus
 * queued changes), so a choice made on another device arrives here too. Renders nothing.
 */
export function DisplaySettingsSync() {
  const { userSettings, user, settingsReady } = usePortal();
  // Only once the user's document and the queued rows are both read: a value set before (the replica's
  // older one while a newer change still waits) would flip the theme and the toasts back for a moment.
  const stored = settingsReady && user !== null && ('theme' in userSettings || 'notificationSetting' in userSettings);
  const key = JSON.stringify([userSettings.theme, userSettings.notificationSetting, userSettings.notificationTimeout]);
  useEffect(() => {
    if (stored) setDisplaySettings(readDisplaySettings(userSettings));
    // key holds the three values that matter
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, stored]);
  return null;
}
