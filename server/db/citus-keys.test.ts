import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db';
import { createTestDb } from '../test/db';

/**
 * Citus-ready keys (issue 26, docs/scaling.md). Citus distributes a table by one column, here `company_id`,
 * and can only enforce a primary key, a unique key or index, or a foreign key between distributed tables when
 * it contains that column. This test reads the catalog and lists every key that breaks the rule.
 *
 * Every table with a `company_id` is distributed, except the reference tables below (one copy on every node).
 * Tables without `company_id` are shared by all organisations and must be listed here too, so a new table is
 * placed consciously.
 */
const REFERENCE_TABLES: Record<string, string> = {
  companies: 'one row per organisation (company_id = id); read before the tenant is known (registration code, sign-in), every distributed table refers to it',
  acl_roles: 'the spec’s global roles (company_id NULL) next to a few roles of a company; users and invitations refer to them',
  participant_statuses: 'the spec’s fixed participant status ids, referenced by participants',
  authentication_adapters: 'the single sign-on protocols the server implements, referenced by company adapters',
  schema_migrations: 'migration bookkeeping of the installation',
  auth_failures: 'sign-in failures per account name and address, counted before a company is known',
  auth_known_addresses: 'addresses an account signed in from, checked before a company is known',
  login_throttle: 'throttling per account name and client address, before a company is known',
  system_flags: 'installation-wide switches (maintenance mode)',
  push_vapid_keys: 'the installation’s one web-push key pair',
};

/**
 * Keys that still break the rule, each with the reason. This list may only shrink: a key fixed must leave it,
 * a new offender fails the test. Format `table: constraint-or-index`.
 */
const PENDING = 'keys of 001–011 from before the rule; migration 012 makes them composite';
const KNOWN_OFFENDERS: Record<string, string> = {
  'assignments: assignments_pkey': PENDING,
  'assignments: assignments_uuid_key': PENDING,
  'audit_log: audit_log_on_behalf_of_user_id_fkey': PENDING,
  'audit_log: audit_log_pkey': PENDING,
  'audit_log: audit_log_user_id_fkey': PENDING,
  'auth_tokens: auth_tokens_pkey': PENDING,
  'auth_tokens: auth_tokens_token_hash_key': PENDING,
  'auth_tokens: auth_tokens_user_id_fkey': PENDING,
  'behaviors: behaviors_pkey': PENDING,
  'behaviors: behaviors_uuid_key': PENDING,
  'blueprint_behaviors: blueprint_behaviors_blueprint_id_behavior_id_key': PENDING,
  'blueprint_behaviors: blueprint_behaviors_pkey': PENDING,
  'blueprint_behaviors: blueprint_behaviors_uuid_key': PENDING,
  'blueprint_categories: blueprint_categories_pkey': PENDING,
  'blueprint_categories: blueprint_categories_uuid_key': PENDING,
  'blueprint_criteria: blueprint_criteria_pkey': PENDING,
  'blueprint_disciplines: blueprint_disciplines_pkey': PENDING,
  'blueprint_skills: blueprint_skills_blueprint_id_skill_id_key': PENDING,
  'blueprint_skills: blueprint_skills_pkey': PENDING,
  'blueprint_skills: blueprint_skills_uuid_key': PENDING,
  'blueprint_steps: blueprint_steps_pkey': PENDING,
  'blueprint_steps: blueprint_steps_uuid_key': PENDING,
  'blueprint_work_orders: blueprint_work_orders_pkey': PENDING,
  'blueprint_work_orders: blueprint_work_orders_uuid_key': PENDING,
  'blueprint_workplaces: blueprint_workplaces_pkey': PENDING,
  'blueprints: blueprints_pkey': PENDING,
  'blueprints: blueprints_uuid_key': PENDING,
  'businesses: businesses_pkey': PENDING,
  'businesses: businesses_uuid_key': PENDING,
  'cases: cases_pkey': PENDING,
  'cases: cases_uuid_key': PENDING,
  'company_authentication_adapters: company_authentication_adapters_pkey': PENDING,
  'company_authentication_adapters: company_authentication_adapters_uuid_key': PENDING,
  'company_server_certificates: company_server_certificates_pkey': PENDING,
  'company_server_certificates: company_server_certificates_uuid_key': PENDING,
  'company_statuses: company_statuses_pkey': PENDING,
  'company_statuses: company_statuses_uuid_key': PENDING,
  'competencies: competencies_pkey': PENDING,
  'competencies: competencies_uuid_key': PENDING,
  'competency_systems: competency_systems_pkey': PENDING,
  'competency_systems: competency_systems_uuid_key': PENDING,
  'dashboards: dashboards_pkey': PENDING,
  'dashboards: dashboards_uuid_key': PENDING,
  'disciplines: disciplines_pkey': PENDING,
  'disciplines: disciplines_uuid_key': PENDING,
  'email_outbox: email_outbox_pkey': PENDING,
  'files: files_pkey': PENDING,
  'files: files_uuid_key': PENDING,
  'instrument_categories: instrument_categories_pkey': PENDING,
  'instrument_categories: instrument_categories_uuid_key': PENDING,
  'instrument_competencies: instrument_competencies_pkey': PENDING,
  'instrument_criteria: instrument_criteria_pkey': PENDING,
  'instrument_disciplines: instrument_disciplines_pkey': PENDING,
  'instrument_matches: instrument_matches_pkey': PENDING,
  'instrument_matches: instrument_matches_uuid_key': PENDING,
  'instrument_skills: instrument_skills_pkey': PENDING,
  'instrument_work_orders: instrument_work_orders_pkey': PENDING,
  'instrument_workplaces: instrument_workplaces_pkey': PENDING,
  'instruments: instruments_pkey': PENDING,
  'instruments: instruments_uuid_key': PENDING,
  'invitations: invitations_pkey': PENDING,
  'invitations: invitations_token_hash_key': PENDING,
  'invitations: invitations_uuid_key': PENDING,
  'knowledge_tests: knowledge_tests_pkey': PENDING,
  'knowledge_tests: knowledge_tests_uuid_key': PENDING,
  'matching_categories: matching_categories_pkey': PENDING,
  'matching_categories: matching_categories_uuid_key': PENDING,
  'matching_criteria: matching_criteria_pkey': PENDING,
  'matching_criteria: matching_criteria_uuid_key': PENDING,
  'messages: messages_client_uuid_key': PENDING,
  'messages: messages_pkey': PENDING,
  'messages: messages_uuid_key': PENDING,
  'participant_behavior_scores: participant_behavior_scores_participant_id_behavior_id_key': PENDING,
  'participant_behavior_scores: participant_behavior_scores_pkey': PENDING,
  'participant_behavior_scores: participant_behavior_scores_uuid_key': PENDING,
  'participant_review_scores: participant_review_scores_pkey': PENDING,
  'participant_review_scores: participant_review_scores_uuid_key': PENDING,
  'participant_reviews: participant_reviews_client_uuid_key': PENDING,
  'participant_reviews: participant_reviews_pkey': PENDING,
  'participant_reviews: participant_reviews_uuid_key': PENDING,
  'participant_skill_scores: participant_skill_scores_participant_id_skill_id_key': PENDING,
  'participant_skill_scores: participant_skill_scores_pkey': PENDING,
  'participant_skill_scores: participant_skill_scores_uuid_key': PENDING,
  'participant_targets: participant_targets_pkey': PENDING,
  'participant_targets: participant_targets_uuid_key': PENDING,
  'participant_tests: participant_tests_pkey': PENDING,
  'participant_tests: participant_tests_uuid_key': PENDING,
  'participants: participants_coach_id_fkey': PENDING,
  'participants: participants_manager_id_fkey': PENDING,
  'participants: participants_pkey': PENDING,
  'participants: participants_project_id_fkey': PENDING,
  'participants: participants_sub_status_id_fkey': PENDING,
  'participants: participants_user_id_fkey': PENDING,
  'participants: participants_user_id_key': PENDING,
  'participants: participants_uuid_key': PENDING,
  'participation_ladder_steps: participation_ladder_steps_pkey': PENDING,
  'participation_ladder_steps: participation_ladder_steps_uuid_key': PENDING,
  'placement_process_labels: placement_process_labels_pkey': PENDING,
  'placement_process_labels: placement_process_labels_uuid_key': PENDING,
  'placement_reject_reasons: placement_reject_reasons_pkey': PENDING,
  'placement_reject_reasons: placement_reject_reasons_uuid_key': PENDING,
  'placements: placements_pkey': PENDING,
  'placements: placements_uuid_key': PENDING,
  'plans_of_approach: plans_of_approach_pkey': PENDING,
  'plans_of_approach: plans_of_approach_uuid_key': PENDING,
  'process_flow_statuses: process_flow_statuses_pkey': PENDING,
  'process_flow_statuses: process_flow_statuses_uuid_key': PENDING,
  'processed_mutations: processed_mutations_pkey': PENDING,
  'projects: projects_pkey': PENDING,
  'projects: projects_uuid_key': PENDING,
  'provision_types: provision_types_pkey': PENDING,
  'provision_types: provision_types_uuid_key': PENDING,
  'push_subscriptions: push_subscriptions_endpoint_key': PENDING,
  'push_subscriptions: push_subscriptions_pkey': PENDING,
  'review_scores: review_scores_pkey': PENDING,
  'review_scores: review_scores_uuid_key': PENDING,
  'reviews: reviews_client_uuid_key': PENDING,
  'reviews: reviews_pkey': PENDING,
  'reviews: reviews_uuid_key': PENDING,
  'search_history: search_history_pkey': PENDING,
  'search_history: search_history_uuid_key': PENDING,
  'search_settings: search_settings_pkey': PENDING,
  'search_settings: search_settings_user_id_subject_key': PENDING,
  'search_settings: search_settings_uuid_key': PENDING,
  'sessions: sessions_pkey': PENDING,
  'sessions: sessions_user_id_fkey': PENDING,
  'skill_categories: skill_categories_pkey': PENDING,
  'skill_categories: skill_categories_uuid_key': PENDING,
  'skills: skills_pkey': PENDING,
  'skills: skills_uuid_key': PENDING,
  'sso_flows: sso_flows_pkey': PENDING,
  'sub_statuses: sub_statuses_pkey': PENDING,
  'sub_statuses: sub_statuses_uuid_key': PENDING,
  'sync_probes: sync_probes_pkey': PENDING,
  'sync_probes: sync_probes_user_id_fkey': PENDING,
  'sync_probes: sync_probes_uuid_key': PENDING,
  'system_messages: system_messages_pkey': PENDING,
  'system_messages: system_messages_uuid_key': PENDING,
  'transfer_jobs: transfer_jobs_one_manual': PENDING,
  'transfer_jobs: transfer_jobs_pkey': PENDING,
  'transfer_jobs: transfer_jobs_transfer_id_slot_key': PENDING,
  'transfer_runs: transfer_runs_job_id_key': PENDING,
  'transfer_runs: transfer_runs_pkey': PENDING,
  'transfer_settings: transfer_settings_pkey': PENDING,
  'transfer_settings: transfer_settings_uuid_key': PENDING,
  'user_avatars: user_avatars_pkey': PENDING,
  'user_identities: user_identities_adapter_id_user_id_key': PENDING,
  'user_identities: user_identities_pkey': PENDING,
  'user_imitation_options: user_imitation_options_pkey': PENDING,
  'user_imitation_options: user_imitation_options_target_user_id_fkey': PENDING,
  'user_imitation_options: user_imitation_options_user_id_fkey': PENDING,
  'users: users_pkey': PENDING,
  'users: users_project_id_fkey': PENDING,
  'users: users_username': PENDING,
  'users: users_uuid_key': PENDING,
  'wage_value_measurements: wage_value_measurements_one_concept': PENDING,
  'wage_value_measurements: wage_value_measurements_pkey': PENDING,
  'wage_value_measurements: wage_value_measurements_uuid_key': PENDING,
  'wage_value_plan_notes: wage_value_plan_notes_pkey': PENDING,
  'wage_value_plan_notes: wage_value_plan_notes_uuid_key': PENDING,
  'wage_value_plan_sequences: wage_value_plan_sequences_pkey': PENDING,
  'wage_value_plan_sequences: wage_value_plan_sequences_uuid_key': PENDING,
  'wage_value_plan_statuses: wage_value_plan_statuses_pkey': PENDING,
  'wage_value_plan_statuses: wage_value_plan_statuses_uuid_key': PENDING,
  'wage_value_plans: wage_value_plans_measurement_id_key': PENDING,
  'wage_value_plans: wage_value_plans_pkey': PENDING,
  'wage_value_plans: wage_value_plans_uuid_key': PENDING,
  'wage_value_regions: wage_value_regions_pkey': PENDING,
  'wage_value_regions: wage_value_regions_uuid_key': PENDING,
  'wage_value_settings: wage_value_settings_pkey': PENDING,
  'wage_value_settings: wage_value_settings_uuid_key': PENDING,
  'wage_value_tasks: wage_value_tasks_order': PENDING,
  'wage_value_tasks: wage_value_tasks_pkey': PENDING,
  'wage_value_tasks: wage_value_tasks_uuid_key': PENDING,
  'widgets: widgets_pkey': PENDING,
  'widgets: widgets_uuid_key': PENDING,
  'work_orders: work_orders_pkey': PENDING,
  'work_orders: work_orders_uuid_key': PENDING,
  'work_plan_behaviors: work_plan_behaviors_pkey': PENDING,
  'work_plan_behaviors: work_plan_behaviors_uuid_key': PENDING,
  'work_plan_behaviors: work_plan_behaviors_work_plan_id_behavior_id_key': PENDING,
  'work_plan_skills: work_plan_skills_pkey': PENDING,
  'work_plan_skills: work_plan_skills_uuid_key': PENDING,
  'work_plan_skills: work_plan_skills_work_plan_id_skill_id_key': PENDING,
  'work_plan_termination_reasons: work_plan_termination_reasons_pkey': PENDING,
  'work_plan_termination_reasons: work_plan_termination_reasons_uuid_key': PENDING,
  'work_plans: work_plans_pkey': PENDING,
  'work_plans: work_plans_uuid_key': PENDING,
  'workplace_applications: workplace_applications_open': PENDING,
  'workplace_applications: workplace_applications_pkey': PENDING,
  'workplace_applications: workplace_applications_uuid_key': PENDING,
  'workplaces: workplaces_pkey': PENDING,
  'workplaces: workplaces_uuid_key': PENDING,
};

interface UniqueKey { table: string; name: string; cols: string[] }
interface ForeignKey { child: string; parent: string; name: string; cols: string[]; parentCols: string[] }

let db: Db;
let tenant: Set<string>;
let allTables: string[];
let uniqueKeys: UniqueKey[];
let foreignKeys: ForeignKey[];

beforeAll(async () => {
  db = await createTestDb();
  allTables = (
    await db.query<{ t: string }>(
      `SELECT relname AS t FROM pg_class WHERE relkind IN ('r', 'p') AND relnamespace = current_schema()::regnamespace`,
    )
  ).rows.map((r) => r.t);
  tenant = new Set(
    (
      await db.query<{ t: string }>(
        `SELECT c.relname AS t FROM pg_class c
           JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped
          WHERE c.relkind IN ('r', 'p') AND c.relnamespace = current_schema()::regnamespace`,
      )
    ).rows.map((r) => r.t),
  );
  // Every unique index (primary keys and unique constraints are backed by one); expression columns count as no column.
  uniqueKeys = (
    await db.query<UniqueKey>(
      `SELECT t.relname AS table, i.relname AS name,
              ARRAY(SELECT coalesce(a.attname::text, '(expression)') FROM unnest(x.indkey) WITH ORDINALITY k(n, o)
                      LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.n ORDER BY k.o) AS cols
         FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
        WHERE x.indisunique AND t.relnamespace = current_schema()::regnamespace`,
    )
  ).rows;
  foreignKeys = (
    await db.query<ForeignKey>(
      `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent, c.conname AS name,
              ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, o)
                      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.o) AS cols,
              ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, o)
                      JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.o) AS "parentCols"
         FROM pg_constraint c
        WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`,
    )
  ).rows;
});
afterAll(async () => {
  await db.close();
});

const distributed = (table: string): boolean => tenant.has(table) && !(table in REFERENCE_TABLES);

/** Every key that Citus could not keep when the distributed tables are distributed by company_id. */
function offenders(): string[] {
  const out: string[] = [];
  for (const k of uniqueKeys) {
    if (distributed(k.table) && !k.cols.includes('company_id')) out.push(`${k.table}: ${k.name}`);
  }
  for (const f of foreignKeys) {
    if (!distributed(f.parent)) continue; // to a reference table: allowed from anywhere Citus puts it
    // Between distributed tables the key must pair the child's company_id with the parent's.
    const at = f.cols.indexOf('company_id');
    if (!distributed(f.child) || at < 0 || f.parentCols[at] !== 'company_id') out.push(`${f.child}: ${f.name}`);
  }
  return [...new Set(out)].sort();
}

describe('Citus-ready keys', () => {
  it('place every table without company_id as a reference table', () => {
    const unplaced = allTables.filter((t) => !tenant.has(t) && !(t in REFERENCE_TABLES)).sort();
    expect(unplaced).toEqual([]);
    const gone = Object.keys(REFERENCE_TABLES).filter((t) => !allTables.includes(t));
    expect(gone).toEqual([]);
  });

  it('include company_id in every key of a distributed table and every foreign key between them (known offenders only shrink)', () => {
    const found = offenders();
    const known = Object.keys(KNOWN_OFFENDERS).sort();
    // New offenders: a new table or key that breaks the rule. Fixed offenders: remove them from KNOWN_OFFENDERS.
    expect({ new: found.filter((o) => !known.includes(o)), fixed: known.filter((o) => !found.includes(o)) }).toEqual({ new: [], fixed: [] });
    expect(found.length).toBe(known.length);
  });
});
