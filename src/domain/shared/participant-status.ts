/** Participant status ids (01 §3, 02 §9). */
export const ParticipantStatus = {
  Zero: 0,
  Diagnosis: 1,
  Municipality: 2,
  Developing: 3,
  Experienced: 4,
  TrialPlacement: 5,
  Outflow: 6,
  SWStart: 7,
  WaitingRoom: 8,
  WorkLadder1: 9,
  WorkLadder2: 10,
  WorkLadder3: 11,
  WorkLadder4: 12,
  WorkLadder5: 13,
  WorkLadder6: 14,
  Registration: 15,
  Import: 16,
  Imported: 17,
  Registered: 18,
  WorkLadder7: 19,
  WorkLadder8: 20,
  KWNW: 21,
  Standard: 42,
} as const;

export type ParticipantStatusName = keyof typeof ParticipantStatus;
export type ParticipantStatusId = (typeof ParticipantStatus)[ParticipantStatusName];

export const participantStatusNames = Object.keys(ParticipantStatus) as ParticipantStatusName[];

/** Registration (15) and Registered (18) confine a participant to the registration area. */
export function isRegistrationStatus(id: number | null | undefined): boolean {
  return id === ParticipantStatus.Registration || id === ParticipantStatus.Registered;
}
