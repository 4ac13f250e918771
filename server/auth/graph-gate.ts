import { GraphQLError, Kind, type ASTVisitor, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';
import { confinedGraphError } from './confinement';
import type { Plugin } from 'graphql-yoga';
import type { GraphContext } from '../graph/context';
import type { Viewer } from './viewer';
import type { AuthResult } from './authenticate';
import type { AuthErrorCode } from '../../src/domain/auth/error-codes';
import { authErrorReason } from '../../src/domain/auth/reasons';
import { perOperation } from '../graph/per-operation';

/**
 * Root fields anyone may call, with or without a (valid) session: the e-mailed-link flows and harmless
 * meta fields. A stale cookie must not stop someone from resetting a password. Add a field here only
 * when it is safe for anonymous callers.
 */
export const PUBLIC_ROOT_FIELDS: ReadonlySet<string> = new Set([
  '__typename',
  '__schema',
  '__type',
  'serverTime',
  'resetPassword',
  'undoEmailChange',
  'register',
  'confirmRegistration',
  'confirmInvitation',
  'invitationByToken',
]);

/**
 * What a session that still owes its second factor may ask (besides the public fields). `sessionIdentity`
 * (who really signed in) is asked with `me` by the client's session loading.
 */
export const MFA_PENDING_ROOT_FIELDS: ReadonlySet<string> = new Set(['me', 'mfa', 'sessionIdentity']);

/** What a session that must change its password first may ask (besides the public fields). */
export const PASSWORD_PENDING_ROOT_FIELDS: ReadonlySet<string> = new Set(['me', 'mfa', 'sessionIdentity', 'changePassword']);

/**
 * A graph error carrying a wire code of 01 §8 in extensions.code (and extensions.hint), and its reason
 * code (an i18n key) in extensions.reason. GraphQL requires a message: it is the reason code too, never
 * a sentence (the client translates extensions.reason).
 */
export function authGraphError(code: AuthErrorCode, hint?: string): GraphQLError {
  const reason = authErrorReason[code];
  return new GraphQLError(reason, { extensions: { code, reason, ...(hint ? { hint } : {}) } });
}

/** For resolvers: the viewer, or the no_current_user error. */
export function requireViewer(ctx: Pick<GraphContext, 'viewer'>): Viewer {
  if (!ctx.viewer) throw authGraphError('no_current_user');
  return ctx.viewer;
}

/** The root field names an operation selects, through inline fragments and fragment spreads. */
export function rootFieldNames(document: DocumentNode, operationName?: string | null): Set<string> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  const operations = [];
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    if (def.kind === Kind.OPERATION_DEFINITION) operations.push(def);
  }
  const operation = operationName ? operations.find((op) => op.name?.value === operationName) : operations[0];
  const names = new Set<string>();
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode) => {
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) names.add(sel.name.value);
      else if (sel.kind === Kind.INLINE_FRAGMENT) walk(sel.selectionSet);
      else if (!seen.has(sel.name.value)) {
        seen.add(sel.name.value);
        const fragment = fragments.get(sel.name.value);
        if (fragment) walk(fragment.selectionSet);
      }
    }
  };
  if (operation) walk(operation.selectionSet);
  return names;
}

/** rootFieldNames once per query text and operation (issue 25); the set is shared, never changed. */
const operationRootFields: (document: DocumentNode, operationName: string | null | undefined) => ReadonlySet<string> = perOperation(rootFieldNames);

/** The error an operation gets for a request's authentication, or null when it may run. */
export function gateOperation(auth: AuthResult, fields: ReadonlySet<string>): GraphQLError | null {
  const only = (allowed: (name: string) => boolean) => [...fields].every(allowed);
  if (only((name) => PUBLIC_ROOT_FIELDS.has(name))) return null;
  switch (auth.kind) {
    case 'viewer':
      return null;
    case 'anonymous':
      return authGraphError('no_current_user');
    case 'error':
      return authGraphError(auth.code, auth.hint);
    case 'mfa_pending':
      return only((name) => PUBLIC_ROOT_FIELDS.has(name) || MFA_PENDING_ROOT_FIELDS.has(name)) ? null : authGraphError(auth.code);
    case 'password_pending':
      return only((name) => PUBLIC_ROOT_FIELDS.has(name) || PASSWORD_PENDING_ROOT_FIELDS.has(name)) ? null : authGraphError(auth.code);
  }
}

/** The graph context as graph-route.ts builds it: the authentication result rides along. */
export type AuthGraphContext = GraphContext & { auth?: AuthResult };

/**
 * Yoga plugin: before an operation runs, checks its root fields against the request's authentication
 * (token_expired, access_denied, mfa_*, imitation codes, no_current_user), answering HTTP 200 with
 * errors[0].extensions.code. Every field of a mutation counts, so nothing runs when one is refused.
 */
export function useAuthGate(): Plugin<AuthGraphContext> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const auth = (args.contextValue as AuthGraphContext).auth;
      if (!auth) return;
      const { document, operationName } = args as unknown as { document: DocumentNode; operationName?: string | null };
      const fields = operationRootFields(document, operationName);
      const refused = gateOperation(auth, fields) ?? (auth.kind === 'viewer' ? confinedGraphError(auth.viewer, fields) : null);
      if (refused) setResultAndStopExecution({ data: null, errors: [refused] });
    },
  };
}

/**
 * Refuses __schema and __type (graphql's NoSchemaIntrospectionCustomRule, but by name only, so it does
 * not depend on which copy of the graphql module built the schema). __typename keeps answering.
 */
export function noIntrospectionRule(context: ValidationContext): ASTVisitor {
  return {
    Field(node) {
      const name = node.name.value;
      if (name === '__schema' || name === '__type') {
        context.reportError(new GraphQLError(`GraphQL introspection has been disabled, but the requested query contained the field "${name}".`, { nodes: node }));
      }
    },
  };
}

/** No introspection in production. */
export function useNoIntrospection(enabled: boolean): Plugin {
  return {
    onValidate({ addValidationRule }) {
      if (enabled) addValidationRule(noIntrospectionRule);
    },
  };
}
