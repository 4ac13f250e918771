import * as v from 'valibot';
import { DEFAULT_BRANDING, type Branding } from '../../domain/shared/constants';
import type { ApiOptions } from './client';
import { graphRequest } from './client';
import { readIdentityChain } from './identity-chain-cookie';

const PORTAL_VERSIONS = ['standard', 'government', 'development_companies', 'education'] as const;
type PortalVersion = (typeof PORTAL_VERSIONS)[number];

export const ME_QUERY = /* GraphQL */ `
  query Me {
    mfa { required setup }
    sessionIdentity { realUserId realUserName }
    me {
      id username givenName surname
      role { id }
      participant { id status { id } }
      company { id name settings branding }
    }
  }
`;

const IdSchema = v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.integer());

const MeAnswerSchema = v.object({
  mfa: v.object({ required: v.boolean(), setup: v.boolean() }),
  sessionIdentity: v.nullish(v.object({ realUserId: IdSchema, realUserName: v.string() })),
  me: v.object({
    id: IdSchema,
    username: v.string(),
    givenName: v.nullish(v.string()),
    surname: v.nullish(v.string()),
    role: v.nullish(v.object({ id: IdSchema })),
    participant: v.nullish(v.object({ id: IdSchema, status: v.nullish(v.object({ id: IdSchema })) })),
    company: v.nullish(v.object({ id: IdSchema, name: v.string(), settings: v.unknown(), branding: v.unknown() })),
  }),
});

/** The signed-in (or impersonated) user as the session store keeps it. */
export interface MeUser {
  id: number;
  username: string;
  givenName: string;
  surname: string;
  roleId: number;
  participantId: number | null;
  participantStatusId: number | null;
  companyId: number;
}

/** The user who really signed in (also while impersonating): part of the identity outbox rows are made under. */
export interface RealUser {
  id: number;
  name: string;
}

export interface MeCompany {
  id: number;
  name: string;
  participantPortalVersion: PortalVersion;
  branding: Branding | null;
}

export type MeAnswer =
  | { kind: 'signed-in'; user: MeUser; company: MeCompany | null; identityChain: number[]; realUser?: RealUser | null }
  /** Signed in with a password, but the second factor is still owed. */
  | { kind: 'second-factor'; setUp: boolean };

function portalVersion(settings: unknown): PortalVersion {
  const value = typeof settings === 'object' && settings !== null ? (settings as Record<string, unknown>).participantPortalVersion : undefined;
  return PORTAL_VERSIONS.find((version) => version === value) ?? 'standard';
}

function branding(value: unknown): Branding | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const color = (key: keyof Branding): string => {
    const found = record[key];
    return typeof found === 'string' && found !== '' ? found : String(DEFAULT_BRANDING[key]);
  };
  return {
    primaryColor: color('primaryColor'),
    headerColor: color('headerColor'),
    mainMenuBackgroundColor: color('mainMenuBackgroundColor'),
    mainMenuActiveColor: color('mainMenuActiveColor'),
    mainMenuTextAndIconColor: color('mainMenuTextAndIconColor'),
    logoUri: typeof record.logoUri === 'string' && record.logoUri !== '' ? record.logoUri : null,
  };
}

/** Reads a `me` answer (exported for tests). */
export function parseMeAnswer(data: unknown): MeAnswer {
  const { mfa, me, sessionIdentity } = v.parse(MeAnswerSchema, data);
  if (mfa.required) return { kind: 'second-factor', setUp: mfa.setup };
  return {
    kind: 'signed-in',
    identityChain: readIdentityChain(),
    realUser: sessionIdentity ? { id: sessionIdentity.realUserId, name: sessionIdentity.realUserName } : null,
    user: {
      id: me.id,
      username: me.username,
      givenName: me.givenName ?? '',
      surname: me.surname ?? '',
      roleId: me.role?.id ?? 0,
      participantId: me.participant?.id ?? null,
      participantStatusId: me.participant?.status?.id ?? null,
      companyId: me.company?.id ?? 0,
    },
    company: me.company
      ? { id: me.company.id, name: me.company.name, participantPortalVersion: portalVersion(me.company.settings), branding: branding(me.company.branding) }
      : null,
  };
}

/**
 * Loads who is signed in (the impersonated user while impersonating) with the company's portal version
 * and branding. Raises ApiError (no_current_user, token codes, ...) or NetworkError.
 */
export async function fetchMe(options: ApiOptions = {}): Promise<MeAnswer> {
  return parseMeAnswer(await graphRequest<unknown>(ME_QUERY, {}, options));
}
