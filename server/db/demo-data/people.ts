import { type SeedContext, base } from './context';
import { cities, femaleNames, houseNumberAdditions, maleNames, streets, surnames } from './dutch';
import { insertRows } from './insert';
import { type Prng, isoDate, isoTime, randomBsn, randomPostcode } from './prng';

export interface StaffDef {
  username: string;
  roleId: number;
  givenName: string;
  surname: string;
  sex: 'male' | 'female' | 'other' | 'unknown';
  /** Index into the company's projects; null = all projects. */
  project?: number | null;
  wageValueExpert?: boolean;
  accessToAllParticipants?: boolean;
}

/** Inserts staff users and answers their ids by username. */
export async function seedStaff(
  ctx: SeedContext,
  projects: readonly number[],
  defs: readonly StaffDef[],
  passwordHash: string,
  emailDomain: string,
): Promise<Map<string, number>> {
  const ids = await insertRows(ctx.tx, 'users', defs.map((d, i) => ({
    ...base(ctx),
    project_id: d.project === undefined || d.project === null ? null : (projects[d.project] ?? null),
    acl_role_id: d.roleId,
    username: d.username,
    password_hash: passwordHash,
    personal_code: `M${String(1001 + i)}`,
    initials: `${d.givenName.charAt(0)}.`,
    given_name: d.givenName,
    surname: d.surname,
    sex: d.sex,
    email: `${d.username.replace(/[^a-z0-9]/gi, '.')}@${emailDomain}`,
    phone: `06-${String(10_000_000 + i * 7_654_321).slice(-8)}`,
    access_to_all_participants: d.accessToAllParticipants ?? false,
    wage_value_expert: d.wageValueExpert ?? false,
    experience_coaching: d.roleId === 4 ? 'Meer dan vijf jaar ervaring als jobcoach' : null,
    settings: { theme: 'automatic', notificationSetting: 'timeout', notificationTimeout: 5 },
  })));
  return new Map(defs.map((d, i) => [d.username, ids[i] ?? 0]));
}

/** A generated participant before it is inserted: the caller fills in caseload, status and login. */
export interface ParticipantDraft {
  uuid: string;
  company_id: number;
  project_id: number | null;
  user_id: number | null;
  bsn: string;
  personal_code: string;
  initials: string;
  firstname: string;
  prefix: string | null;
  lastname: string;
  email: string;
  phone: string;
  sex: 'male' | 'female';
  birthdate: string;
  street: string;
  house_number: string;
  house_number_addition: string | null;
  zipcode: string;
  city: string;
  municipality: string;
  time_registered: string;
  display: number;
  coach_id: number | null;
  manager_id: number | null;
  status_id: number;
  settings: Record<string, unknown>;
}

const slug = (s: string): string => s.toLowerCase().normalize('NFD').replace(/[^a-z]/g, '');

export function draftParticipant(ctx: SeedContext, projects: readonly number[], index: number, emailDomain: string): ParticipantDraft {
  const rng: Prng = ctx.rng;
  const female = rng.chance(0.5);
  const firstname = female ? rng.pick(femaleNames) : rng.pick(maleNames);
  const [prefix, lastname] = rng.pick(surnames);
  const place = rng.pick(cities);
  const age = rng.int(18, 63);
  return {
    ...base(ctx),
    project_id: projects[index % projects.length] ?? null,
    user_id: null,
    bsn: randomBsn(rng),
    personal_code: `D${String(20_000 + index)}`,
    initials: `${firstname.charAt(0)}.`,
    firstname,
    prefix: prefix || null,
    lastname,
    email: `${slug(firstname)}.${slug(prefix + lastname)}${index}@${emailDomain}`,
    phone: `06-${String(rng.int(10_000_000, 99_999_999))}`,
    sex: female ? 'female' : 'male',
    birthdate: isoDate(-Math.round(age * 365.25) - rng.int(0, 364), ctx.now),
    street: rng.pick(streets),
    house_number: String(rng.int(1, 180)),
    house_number_addition: rng.chance(0.12) ? rng.pick(houseNumberAdditions) : null,
    zipcode: randomPostcode(rng, place.from, place.to),
    city: place.city,
    municipality: place.city,
    time_registered: isoTime(-rng.int(20, 900), ctx.now),
    display: 1,
    coach_id: null,
    manager_id: null,
    status_id: rng.pick([1, 2, 3, 3, 3, 3, 4, 4, 5, 6, 8, 9, 10, 11, 12, 21, 42]),
    settings: { theme: 'automatic' },
  };
}

export async function insertParticipants(ctx: SeedContext, drafts: readonly ParticipantDraft[]): Promise<number[]> {
  return insertRows(ctx.tx, 'participants', drafts.map((d) => ({ ...d })));
}

/** A participant's own login (role 2), named after the participant. */
export function participantUserRow(
  ctx: SeedContext,
  draft: ParticipantDraft,
  username: string,
  passwordHash: string,
): Record<string, unknown> {
  return {
    ...base(ctx),
    project_id: draft.project_id,
    acl_role_id: 2,
    username,
    password_hash: passwordHash,
    initials: draft.initials,
    given_name: draft.firstname,
    surname: draft.prefix ? `${draft.prefix} ${draft.lastname}` : draft.lastname,
    sex: draft.sex,
    date_of_birth: draft.birthdate,
    email: draft.email,
    phone: draft.phone,
    settings: { theme: 'automatic', notificationSetting: 'all', notificationTimeout: 0 },
  };
}
