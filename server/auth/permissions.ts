import type { GraphQLError } from 'graphql';
import { authGraphError } from './graph-gate';
import type { Viewer } from './viewer';
import type { GraphContext } from '../graph/context';
import type { Queryable } from '../db/db';
import { roleKind, type RoleKind } from '../../src/domain/users/roles-policy';

/**
 * Which role may do what (01 §6, 02 §6 say "not shown"; the matrix is ours and documented in
 * docs/decisions-authz.md). Row-level reach (which participant, which message) is the scope's job
 * (server/auth/scope.ts); this answers only "may this role do this kind of thing at all".
 */
export const privileges = ['view', 'add', 'edit', 'delete', 'hide', 'block', 'impersonate', 'export', 'manage'] as const;
export type Privilege = (typeof privileges)[number];

export const resources = [
  'participants',
  'users',
  'invitations',
  'imitationOptions',
  'companies',
  'companySettings',
  'projects',
  'roles',
  'messages',
  'dashboards',
  'workPlans',
  'blueprints',
  'assignments',
  'reviews',
  'selfReviews',
  'instruments',
  'workplaces',
  'kwnw',
  'wageValueMeasurements',
  'wageValuePlans',
  'wageValueSettings',
  'caseload',
  'skillReport',
  'transfer',
  'files',
  'reports',
  'auditLog',
  'certificates',
  'authenticationAdapters',
  'ownProfile',
] as const;
export type Resource = (typeof resources)[number];

type Grants = Partial<Record<Resource, readonly Privilege[]>>;
const ALL: readonly Privilege[] = privileges;
const READ: readonly Privilege[] = ['view'];
const CRUD: readonly Privilege[] = ['view', 'add', 'edit', 'delete'];

const staffCommon: Grants = {
  ownProfile: ['view', 'edit'],
  messages: ['view', 'add', 'edit'],
  companies: READ,
  projects: READ,
  users: READ,
  dashboards: READ,
  blueprints: READ,
  instruments: READ,
  workplaces: READ,
  files: ['view', 'add'],
};

/** The matrix. Administrators: everything in their own company. */
export const matrix: Record<RoleKind, Grants> = {
  admin: Object.fromEntries(resources.map((r) => [r, ALL])),
  manager: {
    ...staffCommon,
    participants: ['view', 'add', 'edit', 'hide', 'export'],
    invitations: CRUD,
    workPlans: [...CRUD, 'export'],
    assignments: CRUD,
    reviews: CRUD,
    kwnw: ['view', 'edit'],
    instruments: ['view', 'add', 'edit'],
    workplaces: ['view', 'add', 'edit'],
    wageValueMeasurements: ['view', 'add', 'edit', 'export'],
    wageValuePlans: CRUD,
    caseload: ['view', 'manage'],
    skillReport: ['view', 'export'],
    reports: READ,
    // issue 22: dashboards are the manager's overview of the caseload; they build their own
    dashboards: CRUD,
    files: ['view', 'add', 'delete'],
  },
  coach: {
    ...staffCommon,
    participants: ['view', 'edit'],
    invitations: READ,
    workPlans: ['view', 'add', 'edit'],
    assignments: ['view', 'add', 'edit'],
    reviews: ['view', 'add', 'edit'],
    kwnw: READ,
    wageValueMeasurements: READ,
    wageValuePlans: READ,
    skillReport: READ,
  },
  platformUser: {
    ...staffCommon,
    participants: READ,
    workPlans: READ,
    wageValueMeasurements: ['view', 'add', 'edit'],
    wageValuePlans: ['view', 'add', 'edit'],
  },
  chronos: {
    participants: ['view', 'export'],
    users: ['view', 'export'],
    companies: READ,
    projects: READ,
    transfer: ['view', 'edit'],
  },
  participant: {
    ownProfile: ['view', 'edit'],
    messages: ['view', 'add', 'edit'],
    workPlans: READ,
    assignments: READ,
    reviews: READ,
    selfReviews: ['view', 'add', 'edit'],
    files: ['view', 'add'],
    companies: READ,
  },
};

export function isResource(value: string): value is Resource {
  return (resources as readonly string[]).includes(value);
}
export function isPrivilege(value: string): value is Privilege {
  return (privileges as readonly string[]).includes(value);
}

/** Flags of the user that add privileges to their role. */
export interface ViewerFlags {
  /** users.wage_value_expert: a staff user who performs wage-value measurements (loonwaardedeskundige). */
  wageValueExpert?: boolean;
}

/** What the wage-value expert flag adds for staff (not for participants or the chronos account). */
const expertGrants: Grants = {
  wageValueMeasurements: ['view', 'add', 'edit', 'export'],
  wageValuePlans: ['view', 'add', 'edit'],
};

/**
 * May this viewer do `privilege` on `resource` at all? Unknown names answer false. Pass the user's flags
 * (see loadViewerFlags) where the wage-value expert flag matters.
 */
/** Privilege and resource are plain strings: the access-check query passes what the client asked. */
export function can(viewer: Viewer | null, privilege: string, resource: string, flags: ViewerFlags = {}): boolean {
  if (!viewer || !isResource(resource) || !isPrivilege(privilege)) return false;
  const kind = roleKind(viewer.roleId);
  if (matrix[kind][resource]?.includes(privilege)) return true;
  if (flags.wageValueExpert && kind !== 'participant' && kind !== 'chronos') return expertGrants[resource]?.includes(privilege) ?? false;
  return false;
}

/** The flags of the viewer's (effective) user. */
export async function loadViewerFlags(db: Queryable, viewer: Viewer): Promise<ViewerFlags> {
  const { rows } = await db.query<{ wage_value_expert: boolean }>(
    'SELECT wage_value_expert FROM users WHERE id = $1 AND company_id = $2',
    [viewer.userId, viewer.companyId],
  );
  return { wageValueExpert: rows[0]?.wage_value_expert ?? false };
}

/** The viewer of a graph request, or a `no_current_user` error (01 §8). */
export function requireViewer(ctx: Pick<GraphContext, 'viewer'>): Viewer {
  if (!ctx.viewer) throw noCurrentUser();
  return ctx.viewer;
}

export function noCurrentUser(): GraphQLError {
  return authGraphError('no_current_user');
}

/** Refusal reason code shared by every mutation: the same for "not allowed", "unknown id" and "outside scope". */
export const NOT_FOUND_OR_FORBIDDEN = 'reasons.notFoundOrForbidden';
