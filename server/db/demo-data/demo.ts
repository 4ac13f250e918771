import { DEFAULT_BRANDING } from '../../../src/domain/shared/constants';
import { ParticipantStatus } from '../../../src/domain/shared/participant-status';
import { Role } from '../../../src/domain/shared/roles';
import type { Queryable } from '../db';
import type { SeedContext } from './context';
import { employers } from './dutch';
import { seedDashboards, seedExtras, seedPlansOfApproach, seedStatuses } from './extras';
import { insertRow, insertRows } from './insert';
import { seedMessages, type Party, type ThreadRequest } from './messages';
import { type ParticipantDraft, type StaffDef, draftParticipant, insertParticipants, participantUserRow, seedStaff } from './people';
import { Prng } from './prng';
import { seedReference } from './reference';
import { seedMeasurements, seedWageValuePlans } from './wage-value';
import { type PlanRequest, type PlanStatus, seedWorkPlans } from './work-plans';

/** Company settings with the spec's defaults and every feature switched on (01 §3). */
export function demoSettings(portal: 'standard' | 'government' | 'development_companies' | 'education'): Record<string, unknown> {
  return {
    participantPortalVersion: portal,
    forceMfa: false,
    identificationSystem: 'BSN',
    kwnwVersion: 'kwnw2',
    useInstruments: 'enabled',
    useWageValueMeasurements: true,
    useWageValueRegion: true,
    srgEnabled: true,
    caseOriented: false,
    useCompetensysReports: true,
    useManual: true,
    useVacancy: true,
    useMessages: true,
    useProfile: true,
    useProcessFlow: true,
    taskListEnabled: true,
    useExtendedPlacements: true,
    workPlanSettings: { 'has-manager': true, 'change-resource-code': false },
    usesWidgetMyProfile: true,
    usesWidgetMyProgress: true,
    usesWidgetMyWorkPlans: true,
    usesWidgetMyTasks: true,
    usesWidgetMySettings: true,
    usesWidgetMyCommunicationPreferences: true,
    usesWidgetMyDevelopmentProfile: true,
    usesWidgetMyPortfolio: true,
    usesWidgetMyHomepagePicture: true,
    usesWidgetMyTargets: true,
    usesWidgetMe: true,
    usesWidgetMyDocuments: true,
    widgetOrders: JSON.stringify({
      home: ['my-profile', 'my-progress', 'my-work-plans', 'my-tasks'],
      profile: ['my-settings', 'my-communication-preferences', 'my-development-profile', 'my-portfolio'],
    }),
    participantAccess: { kwnw: true, status: true, instrument: true, planOfApproach: true },
  };
}

interface CompanyInput {
  name: string;
  uri: string;
  registrationCode: string;
  projects: readonly [string, string];
  portal: 'standard' | 'government' | 'development_companies' | 'education';
}

async function seedCompanyRow(tx: Queryable, rng: Prng, input: CompanyInput): Promise<{ companyId: number; projects: number[] }> {
  const companyId = await insertRow(tx, 'companies', {
    uuid: rng.uuid(), name: input.name, uri: input.uri, registration_code: input.registrationCode,
    settings: demoSettings(input.portal), branding: { ...DEFAULT_BRANDING },
  });
  await tx.query('UPDATE companies SET company_id = id WHERE id = $1', [companyId]);
  const projects = await insertRows(tx, 'projects', input.projects.map((name) => ({ uuid: rng.uuid(), company_id: companyId, name })));
  return { companyId, projects };
}

const snapshot = (id: number, d: ParticipantDraft) => ({ id, firstname: d.firstname, prefix: d.prefix, lastname: d.lastname, bsn: d.bsn, birthdate: d.birthdate });

function planStatusFor(rng: Prng): PlanStatus {
  const r = rng.next();
  return r < 0.6 ? 'running' : r < 0.8 ? 'to_start' : 'finished';
}

/** Statuses for which a participant is working on a plan. */
const PLAN_STATUSES = new Set<number>([3, 4, 5, 9, 10, 11, 12, 13, 14, 21, 42]);

/** "Demo Werkbedrijf": one user per role, 60 participants, plans, messages, wage value, dashboards. */
export async function seedDemoCompany(tx: Queryable, passwordHash: string, now: Date): Promise<number> {
  const rng = new Prng(20_260_101);
  const { companyId, projects } = await seedCompanyRow(tx, rng, {
    name: 'Demo Werkbedrijf', uri: 'demo-werkbedrijf', registrationCode: 'WERKPAD-2026',
    projects: ['Leerwerkbedrijf Groen en Logistiek', 'Schoonmaak en Facilitair'], portal: 'development_companies',
  });
  const ctx: SeedContext = { tx, rng, companyId, now };
  await seedStatuses(ctx);
  const ref = await seedReference(ctx);

  const staffDefs: StaffDef[] = [
    { username: 'admin', roleId: Role.administrator, givenName: 'Femke', surname: 'de Boer', sex: 'female', accessToAllParticipants: true },
    { username: 'manager', roleId: Role.manager, givenName: 'Marieke', surname: 'van der Meer', sex: 'female' },
    { username: 'coach', roleId: Role.coach, givenName: 'Sanne', surname: 'Visser', sex: 'female', project: 0 },
    { username: 'expert', roleId: Role.coach, givenName: 'Thomas', surname: 'Brink', sex: 'male', wageValueExpert: true, accessToAllParticipants: true },
    { username: 'pieter_hendriks', roleId: Role.coach, givenName: 'Pieter', surname: 'Hendriks', sex: 'male', project: 1 },
    { username: 'yasmina_elamrani', roleId: Role.coach, givenName: 'Yasmina', surname: 'el Amrani', sex: 'female' },
    { username: 'jeroen_dekker', roleId: Role.manager, givenName: 'Jeroen', surname: 'Dekker', sex: 'male' },
  ];
  const staff = await seedStaff(ctx, projects, staffDefs, passwordHash, 'demo-werkbedrijf.example');
  const id = (username: string): number => staff.get(username) ?? 0;
  const [admin, manager, coach, expert] = [id('admin'), id('manager'), id('coach'), id('expert')];
  const [coachB, coachC, managerB] = [id('pieter_hendriks'), id('yasmina_elamrani'), id('jeroen_dekker')];

  // 60 participants: index 0 is the demo participant, index 1 the self-registered "aanmelder".
  const drafts = Array.from({ length: 60 }, (_, i) => draftParticipant(ctx, projects, i, 'mail.example'));
  Object.assign(drafts[0] as ParticipantDraft, { firstname: 'Lotte', prefix: 'de', lastname: 'Vries', initials: 'L.', sex: 'female', email: 'lotte.devries@mail.example', status_id: ParticipantStatus.Developing, project_id: projects[0] });
  Object.assign(drafts[1] as ParticipantDraft, { firstname: 'Mohamed', prefix: null, lastname: 'Bouzid', initials: 'M.', sex: 'male', email: 'mohamed.bouzid@mail.example', status_id: ParticipantStatus.Registration });
  drafts.forEach((d, i) => {
    if (i === 1) return; // a new registration has no caseload yet
    if (i === 0 || (i >= 2 && i <= 15)) d.coach_id = coach;
    else d.coach_id = i <= 25 || i % 2 === 0 ? coachB : coachC;
    d.manager_id = i === 0 || (i >= 2 && i <= 25) ? manager : managerB;
    if ([14, 30, 41, 55].includes(i)) d.display = 2;
    if (i === 57) d.status_id = ParticipantStatus.Registered;
    if (d.status_id === ParticipantStatus.Registration) d.status_id = ParticipantStatus.Developing;
  });
  const [demo, aanmelder] = [drafts[0] as ParticipantDraft, drafts[1] as ParticipantDraft];
  const [demoUser, aanmelderUser] = await insertRows(tx, 'users', [
    participantUserRow(ctx, demo, 'participant', passwordHash),
    participantUserRow(ctx, aanmelder, 'aanmelder', passwordHash),
  ]);
  demo.user_id = demoUser ?? null;
  aanmelder.user_id = aanmelderUser ?? null;
  const pIds = await insertParticipants(ctx, drafts);
  const pid = (i: number): number => pIds[i] ?? 0;

  await insertRows(tx, 'user_imitation_options', [
    ...[manager, coach, expert, demoUser].map((t) => ({ user_id: admin, target_user_id: t, company_id: companyId })),
    { user_id: manager, target_user_id: coach, company_id: companyId },
  ]);

  // Work plans: three for the demo participant, one for most others who are developing.
  const planRequests: PlanRequest[] = (['running', 'to_start', 'finished'] as const).map((status) => ({
    participantId: pid(0), coachId: coach, managerId: manager, status, reviewerId: coach, selfReviews: true, createdById: manager,
  }));
  drafts.forEach((d, i) => {
    if (i < 2 || d.display !== 1 || !PLAN_STATUSES.has(d.status_id) || rng.chance(0.15)) return;
    planRequests.push({
      participantId: pid(i), coachId: d.coach_id, managerId: d.manager_id, status: planStatusFor(rng),
      reviewerId: d.coach_id ?? d.manager_id ?? manager, selfReviews: false, createdById: d.manager_id ?? manager,
    });
  });
  await seedWorkPlans(ctx, ref, planRequests);
  await seedPlansOfApproach(ctx, pIds.filter((_, i) => drafts[i]?.status_id === ParticipantStatus.KWNW), manager);
  // A case of the demo participant, to match instruments for (issue 23: /instruments/match/case/:caseId).
  await ctx.tx.query(
    "INSERT INTO cases (company_id, participant_id, manager_id, name, reference, start_date) VALUES ($1, $2, $3, 'Re-integratietraject', 'C-2026-001', $4)",
    [ctx.companyId, pid(0), manager, ctx.now.toISOString().slice(0, 10)],
  );

  // Messages: the demo participant with coach and manager, the coach's caseload, staff about a participant.
  const u = (userId: number): Party => ({ userId });
  const p = (i: number): Party => ({ participantId: pid(i) });
  const threads: ThreadRequest[] = [
    { a: u(coach), b: p(0), participantId: pid(0), length: 3, lastUnread: true, startedDaysAgo: 4, subject: 'Afspraak volgende week' },
    { a: u(coach), b: p(0), participantId: pid(0), length: 4, lastUnread: true, startedDaysAgo: 12, subject: 'Evaluatie werkplan' },
    { a: p(0), b: u(coach), participantId: pid(0), length: 1, lastUnread: true, startedDaysAgo: 0.2, subject: 'Vraag over je rooster' },
    { a: u(manager), b: p(0), participantId: pid(0), length: 2, lastUnread: false, startedDaysAgo: 20, subject: 'Loonwaardemeting gepland', archivedFirst: true },
    { a: u(manager), b: u(coach), participantId: pid(0), length: 3, lastUnread: true, startedDaysAgo: 2, subject: 'Voortgang Lotte' },
    { a: u(expert), b: u(manager), participantId: pid(3), length: 2, lastUnread: true, startedDaysAgo: 5, subject: 'Meting afgerond' },
  ];
  for (let i = 2; i <= 15; i++) {
    if (i === 14) continue;
    threads.push({ a: u(coach), b: p(i), participantId: pid(i), length: rng.int(1, 4), lastUnread: rng.chance(0.4), startedDaysAgo: rng.int(1, 40) });
  }
  for (let i = 16; i <= 25; i++) {
    threads.push({ a: u(manager), b: p(i), participantId: pid(i), length: rng.int(1, 3), lastUnread: rng.chance(0.3), startedDaysAgo: rng.int(1, 60) });
  }
  for (let i = 26; i <= 40; i += 2) {
    threads.push({ a: u(drafts[i]?.coach_id ?? coachB), b: p(i), participantId: pid(i), length: rng.int(1, 3), lastUnread: rng.chance(0.3), startedDaysAgo: rng.int(1, 60) });
  }
  threads.push({ a: u(coach), b: u(manager), participantId: pid(7), length: 2, lastUnread: true, startedDaysAgo: 1, subject: 'Ziekmelding' });
  await seedMessages(ctx, threads);

  // Wage value: measurements in every state, planning rows with notes.
  const expertRef = { id: expert, name: 'Thomas Brink' };
  const m = (i: number, status: 'concept' | 'definitive' | 'cancelled', type: 1 | 2, daysAgo: number, employer: number) => ({
    participant: snapshot(pid(i), drafts[i] as ParticipantDraft), status, type, daysAgo, employer: employers[employer]?.name ?? 'Werkgever', createdById: expert, expert: expertRef,
  });
  const measurements = await seedMeasurements(ctx, [
    m(0, 'definitive', 2, 270, 0), m(0, 'concept', 1, 6, 0), m(3, 'definitive', 1, 120, 1),
    m(5, 'definitive', 2, 40, 2), m(8, 'concept', 1, 3, 3), m(20, 'cancelled', 1, 60, 4),
  ]);
  const planRow = (i: number, planInDays: number, measurementId: number | null, employer: number, notes: number) => ({
    participantId: pid(i), planInDays, assessorId: expert, createdById: manager, employer: employers[employer] ?? employers[0] ?? { name: '', street: '', city: '', phone: '' },
    jobCoach: drafts[i]?.coach_id === coach ? 'Sanne Visser' : 'Pieter Hendriks', measurementId, notes,
  });
  await seedWageValuePlans(ctx, ref, [
    planRow(0, -270, measurements[0] ?? null, 0, 2), planRow(3, -120, measurements[2] ?? null, 1, 1), planRow(5, -40, measurements[3] ?? null, 2, 3),
    planRow(0, 85, null, 0, 1), planRow(10, 7, null, 5, 2), planRow(12, 14, null, 6, 1), planRow(22, 21, null, 1, 0), planRow(27, 35, null, 3, 2), planRow(31, -5, null, 4, 1),
  ]);

  await seedDashboards(ctx, projects, admin);
  await seedExtras(ctx, {
    ref, projects, adminId: admin, managerId: manager, coachId: coach,
    participants: pIds.filter((_, i) => i >= 2 && drafts[i]?.display === 1), invitableParticipant: pid(4), emailDomain: 'demo-werkbedrijf.example',
  });
  return companyId;
}

/** "Tweede Re-integratie BV": a second tenant with its own users, participants and data. */
export async function seedSecondCompany(tx: Queryable, passwordHash: string, now: Date): Promise<number> {
  const rng = new Prng(20_260_202);
  const { companyId, projects } = await seedCompanyRow(tx, rng, {
    name: 'Tweede Re-integratie BV', uri: 'tweede-reintegratie', registrationCode: 'TWEEDE-2026',
    projects: ['Werkgeversdienstverlening', 'Participatie'], portal: 'standard',
  });
  const ctx: SeedContext = { tx, rng, companyId, now };
  await seedStatuses(ctx);
  const ref = await seedReference(ctx);
  const staff = await seedStaff(ctx, projects, [
    { username: 'admin2', roleId: Role.administrator, givenName: 'Erik', surname: 'Postma', sex: 'male', accessToAllParticipants: true },
    { username: 'manager2', roleId: Role.manager, givenName: 'Ingrid', surname: 'Koster', sex: 'female', wageValueExpert: true },
    { username: 'coach2', roleId: Role.coach, givenName: 'Bas', surname: 'Willems', sex: 'male' },
  ], passwordHash, 'tweede-reintegratie.example');
  const [admin, manager, coach] = [staff.get('admin2') ?? 0, staff.get('manager2') ?? 0, staff.get('coach2') ?? 0];
  const drafts = Array.from({ length: 10 }, (_, i) => draftParticipant(ctx, projects, i, 'post.example'));
  drafts.forEach((d) => {
    d.coach_id = coach;
    d.manager_id = manager;
    if (d.status_id === ParticipantStatus.Registration) d.status_id = ParticipantStatus.Developing;
  });
  const first = drafts[0] as ParticipantDraft;
  first.status_id = ParticipantStatus.Developing;
  first.user_id = await insertRow(tx, 'users', participantUserRow(ctx, first, 'participant2', passwordHash));
  const pIds = await insertParticipants(ctx, drafts);
  const pid = (i: number): number => pIds[i] ?? 0;
  await insertRows(tx, 'user_imitation_options', [coach, first.user_id].map((t) => ({ user_id: admin, target_user_id: t, company_id: companyId })));

  await seedWorkPlans(ctx, ref, [0, 1, 2, 3, 4, 5].map((i) => ({
    participantId: pid(i), coachId: coach, managerId: manager, status: i === 0 ? 'running' : planStatusFor(rng),
    reviewerId: coach, selfReviews: i === 0, createdById: manager,
  })));
  const u = (userId: number): Party => ({ userId });
  const p = (i: number): Party => ({ participantId: pid(i) });
  await seedMessages(ctx, [
    { a: u(coach), b: p(0), participantId: pid(0), length: 3, lastUnread: true, startedDaysAgo: 3 },
    { a: u(manager), b: p(0), participantId: pid(0), length: 2, lastUnread: false, startedDaysAgo: 15 },
    { a: u(coach), b: p(1), participantId: pid(1), length: 2, lastUnread: true, startedDaysAgo: 6 },
    { a: u(coach), b: p(2), participantId: pid(2), length: 1, lastUnread: false, startedDaysAgo: 9 },
    { a: u(manager), b: u(coach), participantId: pid(3), length: 2, lastUnread: true, startedDaysAgo: 1 },
  ]);
  const [measurement] = await seedMeasurements(ctx, [{
    participant: snapshot(pid(1), drafts[1] as ParticipantDraft), status: 'definitive', type: 2, daysAgo: 30,
    employer: employers[5]?.name ?? 'Werkgever', createdById: manager, expert: { id: manager, name: 'Ingrid Koster' },
  }]);
  await seedWageValuePlans(ctx, ref, [
    { participantId: pid(1), planInDays: -30, assessorId: manager, createdById: manager, employer: employers[5] ?? { name: '', street: '', city: '', phone: '' }, jobCoach: 'Bas Willems', measurementId: measurement ?? null, notes: 1 },
    { participantId: pid(2), planInDays: 20, assessorId: manager, createdById: manager, employer: employers[6] ?? { name: '', street: '', city: '', phone: '' }, jobCoach: 'Bas Willems', measurementId: null, notes: 1 },
  ]);
  await seedDashboards(ctx, projects, admin);
  await seedExtras(ctx, {
    ref, projects, adminId: admin, managerId: manager, coachId: coach, participants: pIds.slice(1), invitableParticipant: pid(9), emailDomain: 'tweede-reintegratie.example',
  });
  return companyId;
}
