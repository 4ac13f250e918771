import { GraphQLError } from 'graphql';
import type { Viewer } from './viewer';
import { isConfinedToRegistration, isRegistrationGraphField, isRegistrationRestPath } from '../../src/domain/navigation/registration-area';

/**
 * Confinement to the registration area, enforced by the server (issue 20): the client's navigation rule
 * (`isConfinedToRegistration`, src/domain/navigation/access.ts) applied to the effective viewer, for every
 * graph operation (root fields), pull (tables, sync-pull.ts) and REST route (auth-middleware.ts).
 */
export function isConfinedViewer(viewer: Pick<Viewer, 'roleId' | 'participantId' | 'participantStatusId'> | null): boolean {
  return viewer !== null && isConfinedToRegistration({ roleId: viewer.roleId, participantId: viewer.participantId, participantStatusId: viewer.participantStatusId ?? null });
}

export const REGISTRATION_CONFINED = 'registration_confined';

/** The error of a graph operation a confined viewer may not run (null: it may). */
export function confinedGraphError(viewer: Viewer | null, fields: ReadonlySet<string>): GraphQLError | null {
  if (!isConfinedViewer(viewer)) return null;
  const refused = [...fields].filter((f) => !isRegistrationGraphField(f));
  return refused.length === 0 ? null : new GraphQLError('Registration area only.', { extensions: { code: REGISTRATION_CONFINED, fields: refused } });
}

export const confinedRestRefused = (viewer: Viewer | null, path: string): boolean => isConfinedViewer(viewer) && !isRegistrationRestPath(path);
