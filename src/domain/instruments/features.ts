/**
 * The company switches of the instrument and KWNW area (01 §3, 02 §2-3), read the same way by the
 * screens (from the replica's company row) and the server (server/auth/scope.ts has their SQL twins).
 *
 * - useInstruments: `disabled` hides instruments everywhere; `criteria_only` offers matching by criteria
 *   without the instrument library (no list, no add/edit); `enabled` (also when unset) offers all.
 * - kwnwVersion: `none` (also when unset) hides KWNW; `kwnw` and `kwnw2` show it (docs/decisions-instruments.md).
 * - participantAccess: the four KWNW access flags. `kwnw` opens the area at all, `status`, `planOfApproach`
 *   and `instrument` its parts. An unset flag counts as on: the version is the switch, the flags narrow it.
 */
export const INSTRUMENT_MODES = ['criteria_only', 'disabled', 'enabled'] as const;
export type InstrumentMode = (typeof INSTRUMENT_MODES)[number];
export const KWNW_ACCESS_FLAGS = ['kwnw', 'status', 'planOfApproach', 'instrument'] as const;
export type KwnwAccessFlag = (typeof KWNW_ACCESS_FLAGS)[number];
export type KwnwVersionSetting = 'none' | 'kwnw' | 'kwnw2';

type Settings = Record<string, unknown> | null | undefined;

export function instrumentMode(settings: Settings): InstrumentMode {
  const value = settings?.useInstruments;
  return value === 'disabled' || value === 'criteria_only' ? value : 'enabled';
}

export function kwnwVersionOf(settings: Settings): KwnwVersionSetting {
  const value = settings?.kwnwVersion;
  return value === 'kwnw' || value === 'kwnw2' ? value : 'none';
}

/** Which parts of KWNW the company offers: every flag is off while the version is none or the kwnw flag is off. */
export function kwnwAccess(settings: Settings): Record<KwnwAccessFlag, boolean> {
  const flags = (settings?.participantAccess ?? {}) as Record<string, unknown>;
  const area = kwnwVersionOf(settings) !== 'none' && flags.kwnw !== false;
  return {
    kwnw: area,
    status: area && flags.status !== false,
    planOfApproach: area && flags.planOfApproach !== false,
    instrument: area && flags.instrument !== false && instrumentMode(settings) !== 'disabled',
  };
}
