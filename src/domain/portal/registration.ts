/**
 * The registration area (/inschrijven/home): what a participant with status registration (15) or
 * registered (18) still has to complete before their guidance starts. Pure: the screen passes the
 * participant's replica row.
 */
export const REGISTRATION_STEPS = ['name', 'birthdate', 'email', 'phone', 'address', 'picture'] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];

const filled = (v: unknown): boolean => typeof v === 'string' && v.trim().length > 0;

export function registrationChecklist(p: Readonly<Record<string, unknown>>, hasPicture: boolean): { step: RegistrationStep; done: boolean }[] {
  const done: Record<RegistrationStep, boolean> = {
    name: filled(p.firstname) && filled(p.lastname),
    birthdate: filled(p.birthdate),
    email: filled(p.email),
    phone: filled(p.phone),
    address: filled(p.street) && filled(p.houseNumber) && filled(p.zipcode) && filled(p.city),
    picture: hasPicture,
  };
  return REGISTRATION_STEPS.map((step) => ({ step, done: done[step] }));
}
