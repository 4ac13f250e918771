import { authenticateRequest } from '../auth/authenticate';
import type { GraphContext } from '../graph/context';
import type { Viewer } from '../auth/viewer';
import { authGraphError } from '../auth/graph-gate';

/** The viewer, or a GraphQL error carrying the catalogue code (01 §8) the client acts on, and its reason code. */
export async function requireViewer(ctx: GraphContext): Promise<Viewer> {
  if (ctx.viewer) return ctx.viewer;
  const result = await authenticateRequest(ctx.db, ctx.request);
  const code = 'code' in result ? result.code : 'no_current_user';
  const hint = 'hint' in result ? result.hint : undefined;
  throw authGraphError(code, hint);
}
