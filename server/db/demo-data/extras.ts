import { type SeedContext, base } from './context';
import { insertRows } from './insert';
import { isoDate, isoTime } from './prng';
import type { ReferenceIds } from './reference';

/** Company labels for statuses and a few sub-statuses. */
export async function seedStatuses(ctx: SeedContext): Promise<void> {
  await insertRows(ctx.tx, 'company_statuses', [
    [1, 'Intake en diagnose'], [3, 'In ontwikkeling'], [5, 'Proefplaatsing'], [6, 'Uitgestroomd'], [8, 'Wachtlijst'],
  ].map(([status, label]) => ({ ...base(ctx), status_id: status, label })));
  await insertRows(ctx.tx, 'sub_statuses', [
    [1, 'Intakegesprek gepland'], [1, 'Diagnose afgerond'], [3, 'Leerwerkplek'], [3, 'Externe werkplek'], [6, 'Regulier werk'], [6, 'Opleiding'],
  ].map(([status, label]) => ({ ...base(ctx), status_id: status, label })));
}

/** Two dashboards with bar, pie and table widgets. */
export async function seedDashboards(ctx: SeedContext, projects: readonly number[], createdById: number): Promise<void> {
  const [caseload, management] = await insertRows(ctx.tx, 'dashboards', [
    { ...base(ctx), name: 'Mijn caseload', visible_project_ids: [], visible_role_ids: [3, 4], sort_order: 0, created_by_user_id: createdById },
    { ...base(ctx), name: 'Managementinformatie', visible_project_ids: [...projects], visible_role_ids: [7, 3], sort_order: 1, created_by_user_id: createdById },
  ]);
  const count = (subject: string, property: string, grouping = 'none', filters: unknown[] = []) => ({
    subject, datasets: [{ label: 'Aantal', operation: 'count', property, filters, grouping }], axes: { x: property, y: 'count' },
  });
  await insertRows(ctx.tx, 'widgets', [
    { ...base(ctx), dashboard_id: caseload, name: 'Deelnemers per status', type: 'bar', graph: count('participant', 'status'), sort_order: 0 },
    { ...base(ctx), dashboard_id: caseload, name: 'Werkplannen per status', type: 'pie', graph: count('work-plan', 'status'), sort_order: 1 },
    { ...base(ctx), dashboard_id: caseload, name: 'Lopende werkplannen', type: 'table', graph: count('work-plan', 'coach', 'none', [{ property: 'status', comparison: 'eq', value: 'running' }]), sort_order: 2 },
    { ...base(ctx), dashboard_id: management, name: 'Nieuwe deelnemers per maand', type: 'bar', graph: count('participant', 'timeRegistered', 'month'), sort_order: 0 },
    { ...base(ctx), dashboard_id: management, name: 'Inlogs per week', type: 'bar', graph: count('login', 'time', 'week'), sort_order: 1 },
    { ...base(ctx), dashboard_id: management, name: 'Deelnemers per project', type: 'pie', graph: count('participant', 'project'), sort_order: 2 },
  ]);
}

export interface ExtrasInput {
  ref: ReferenceIds;
  projects: readonly number[];
  adminId: number;
  managerId: number;
  coachId: number;
  participants: readonly number[];
  /** A participant without a login, to invite. */
  invitableParticipant: number;
  emailDomain: string;
}

/** Invitations, targets, ladder steps, placements, instrument matches, a system message and transfer settings. */
export async function seedExtras(ctx: SeedContext, x: ExtrasInput): Promise<void> {
  const { tx, rng, now } = ctx;
  await insertRows(tx, 'invitations', [
    { ...base(ctx), project_id: x.projects[0], acl_role_id: 4, username: `nieuwe_coach_${ctx.companyId}`, email: `nieuwe.coach@${x.emailDomain}`, given_name: 'Rik', surname: 'Hofman', participant_id: null, invited_by_user_id: x.adminId, time_expire: isoTime(6, now), last_sent_at: isoTime(-1, now) },
    { ...base(ctx), project_id: x.projects[1], acl_role_id: 3, username: `oud_verzoek_${ctx.companyId}`, email: `m.kuiper@${x.emailDomain}`, given_name: 'Mirjam', surname: 'Kuiper', participant_id: null, invited_by_user_id: x.adminId, time_expire: isoTime(-3, now), last_sent_at: isoTime(-10, now) },
    { ...base(ctx), project_id: x.projects[0], acl_role_id: 2, username: `deelnemer_uitnodiging_${ctx.companyId}`, email: `uitnodiging@${x.emailDomain}`, given_name: null, surname: null, participant_id: x.invitableParticipant, invited_by_user_id: x.managerId, time_expire: isoTime(5, now), last_sent_at: isoTime(-2, now) },
  ]);
  const some = rng.sample(x.participants, Math.min(12, x.participants.length));
  await insertRows(tx, 'participant_targets', some.slice(0, 8).map((p, i) => ({
    ...base(ctx), participant_id: p, description: ['Zelfstandig reizen naar de werkplek', '20 uur per week werken', 'Heftruckcertificaat halen', 'Een betaalde baan vinden'][i % 4],
    target_date: isoDate(rng.int(30, 200), now), achieved_at: i % 3 === 0 ? isoTime(-rng.int(1, 20), now) : null, created_by_user_id: x.coachId,
  })));
  await insertRows(tx, 'participation_ladder_steps', some.flatMap((p) => [
    { ...base(ctx), participant_id: p, step: 2, assessed_on: isoDate(-rng.int(200, 400), now), notes: 'Bij de intake.', user_id: x.managerId },
    { ...base(ctx), participant_id: p, step: rng.int(3, 5), assessed_on: isoDate(-rng.int(10, 150), now), notes: 'Na evaluatie.', user_id: x.managerId },
  ]));
  await insertRows(tx, 'placements', some.slice(0, 6).map((p, i) => ({
    ...base(ctx), participant_id: p, workplace_id: x.ref.workplaces[i % x.ref.workplaces.length], process_label_id: x.ref.placementLabels[i % x.ref.placementLabels.length],
    reject_reason_id: i === 5 ? x.ref.rejectReasons[0] : null, start_date: isoDate(-rng.int(10, 90), now), end_date: null, created_by_user_id: x.coachId,
  })));
  await insertRows(tx, 'instrument_matches', some.slice(2, 8).map((p, i) => {
    const start = -rng.int(10, 60);
    return { ...base(ctx), instrument_id: x.ref.instruments[i % x.ref.instruments.length], participant_id: p, start_date: isoDate(start, now), end_date: isoDate(start + 120, now), created_by_user_id: x.managerId };
  }));
  await insertRows(tx, 'system_messages', [
    { ...base(ctx), title: 'Welkom bij Werkpad', body: 'Werkpad werkt ook zonder internet: wijzigingen worden verstuurd zodra u weer online bent.', level: 'info', starts_at: isoTime(-30, now), ends_at: null },
  ]);
  await insertRows(tx, 'transfer_settings', [
    { ...base(ctx), direction: 'import', kind: 'flexible', label: 'Import deelnemers gemeente', schedule: 'daily', behaviour: 'import_and_update',
      settings: { url: 'https://gegevens.example.nl/api/deelnemers', method: 'GET', headers: [], parameters: [], mapping: { bsn: 'bsn', firstname: 'voornaam', lastname: 'achternaam' }, pagination: { type: 'page', size: 100 }, createUsers: false, reactivateHiddenParticipants: true, defaultProject: x.projects[0], notifyRoles: [7] } },
    { ...base(ctx), direction: 'export', kind: 'standard', label: 'Export SRG-gegevens', schedule: 'monthly', behaviour: null,
      settings: { url: 'https://srg.example.nl/upload', method: 'POST', headers: [], parameters: [], notifyRoles: [7] } },
  ]);
  await insertRows(tx, 'company_authentication_adapters', [
    { ...base(ctx), adapter_id: 'oidc', label: 'Inloggen met uw organisatieaccount', enabled: false, settings: { issuer: 'https://login.example.nl', clientId: 'werkpad-demo' }, notes: 'Voorbeeldkoppeling, nog niet actief.' },
  ]);
}

/** KWNW plans of approach (plan van aanpak) for participants on the shortest route to work. */
export async function seedPlansOfApproach(ctx: SeedContext, participantIds: readonly number[], userId: number): Promise<void> {
  await insertRows(ctx.tx, 'plans_of_approach', participantIds.map((participantId) => ({
    ...base(ctx),
    participant_id: participantId,
    kwnw_version: 'kwnw2',
    status: 'open',
    content: {
      goal: 'Binnen zes maanden een betaalde baan van minimaal 20 uur per week.',
      strengths: ['Betrouwbaar', 'Werkt graag buiten'],
      obstacles: ['Geen rijbewijs', 'Weinig werkervaring in Nederland'],
      agreements: [
        { description: 'Solliciteert wekelijks op twee vacatures', due: isoDate(30, ctx.now) },
        { description: 'Start met taalcoaching op de werkvloer', due: isoDate(14, ctx.now) },
      ],
    },
    updated_by_user_id: userId,
  })));
}
