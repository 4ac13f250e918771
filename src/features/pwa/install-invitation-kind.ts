/** Which install invitation fits this browser, if any. */
export type InstallInvitationKind = 'prompt' | 'ios' | null;

export interface InstallContext {
  /** Already running as an installed app (display-mode standalone, or iOS navigator.standalone). */
  standalone: boolean;
  /** Chromium offered its install prompt (beforeinstallprompt). */
  canPrompt: boolean;
  /** Safari on iPhone or iPad: installing is done by hand through the share sheet. */
  ios: boolean;
  /** The user said "not now" on this device. */
  dismissed: boolean;
}

/**
 * Safari drops a site's storage after seven days without use unless the app is on the home
 * screen (ARCHITECTURE.md), so the app invites installation: Chromium's own prompt where offered,
 * the share-sheet hint on iOS, nothing when installed or dismissed.
 */
export function installInvitationKind(context: InstallContext): InstallInvitationKind {
  if (context.standalone || context.dismissed) return null;
  if (context.canPrompt) return 'prompt';
  if (context.ios) return 'ios';
  return null;
}

/** iPhone, iPod and iPad (iPadOS reports itself as a Mac with touch). */
export function isIosUserAgent(userAgent: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}
