import { defaultFieldResolver, type GraphQLFieldResolver, type GraphQLObjectType, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import { PARTICIPANT_TYPES, QUERY_RULES } from '../auth/participant-data';
import { AUDITED_READS } from '../auth/audited-reads';
import { firstSight, noteAccountReads, noteAuditedElsewhere, noteParentReads, noteParticipantReads, type ReadContext } from '../auth/participant-reads';

/**
 * The graph's side of the participant read log (issue 38, finding 3): every field of an object type that
 * carries participant data (PARTICIPANT_TYPES) notes the object's participant the first time the object is
 * resolved in a request, whichever query, mutation or nesting reached it; root fields about one participant
 * named by an argument (QUERY_RULES `arg`) note it when they answered something. Pull fields note their
 * pages themselves (server/graph/types/sync-pull.ts). The row is written once per request
 * (useParticipantReadLog).
 */
type Row = Record<string, unknown>;

const COLUMNS = ['participant_id', 'sender_participant_id', 'recipient_participant_id', 'participantId'] as const;

function noteObject(kind: 'self' | 'column' | 'party' | 'account', typeName: string, parent: Row, ctx: ReadContext): void {
  switch (kind) {
    case 'self':
      return noteParticipantReads(ctx, [parent.id], typeName);
    case 'column':
      return noteParticipantReads(ctx, COLUMNS.map((c) => parent[c]), typeName);
    case 'party':
      if (parent.type === 'participant' || parent.kind === 'participant') noteParticipantReads(ctx, [parent.id], typeName);
      return;
    case 'account':
      return noteAccountReads(ctx, [parent.id], typeName);
  }
}

const answered = (value: unknown): boolean => {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && Array.isArray((value as { records?: unknown }).records)) return ((value as { records: unknown[] }).records).length > 0;
  return true;
};

/** Wraps the resolvers of `schema` in place (once, when the schema is built) and returns it. */
export function auditParticipantReads(schema: GraphQLSchema): GraphQLSchema {
  for (const [typeName, kind] of Object.entries(PARTICIPANT_TYPES)) {
    // By name, not instanceof: the schema may come from another copy of graphql (vitest loads both).
    const found = schema.getType(typeName);
    if (found?.constructor.name !== 'GraphQLObjectType') throw new Error(`participant-data: ${typeName} is no object type of the schema`);
    const type = found as GraphQLObjectType;
    for (const field of Object.values(type.getFields())) {
      const resolve: GraphQLFieldResolver<unknown, ReadContext> = field.resolve ?? defaultFieldResolver;
      field.resolve = (parent: unknown, args: Record<string, unknown>, ctx: ReadContext, info: GraphQLResolveInfo) => {
        if (parent !== null && typeof parent === 'object' && firstSight(ctx, parent)) noteObject(kind, typeName, parent as Row, ctx);
        return resolve(parent, args, ctx, info);
      };
    }
  }
  const query = schema.getQueryType();
  for (const field of Object.values(query?.getFields() ?? {})) {
    // A root field with a read row of its own (participant.read): the participant it answered is audited there, not again.
    if (Object.hasOwn(AUDITED_READS, field.name) && AUDITED_READS[field.name]!.subjectType === 'participant') {
      const resolve: GraphQLFieldResolver<unknown, ReadContext> = field.resolve ?? defaultFieldResolver;
      field.resolve = async (parent: unknown, args: Record<string, unknown>, ctx: ReadContext, info: GraphQLResolveInfo) => {
        const value: unknown = await resolve(parent, args, ctx, info);
        if (value !== null && typeof value === 'object' && 'id' in value) noteAuditedElsewhere(ctx, [(value as Row).id]);
        return value;
      };
      continue;
    }
    const rule = Object.hasOwn(QUERY_RULES, field.name) ? QUERY_RULES[field.name] : undefined;
    if (!rule || rule.carries !== 'arg') continue;
    const resolve: GraphQLFieldResolver<unknown, ReadContext> = field.resolve ?? defaultFieldResolver;
    field.resolve = async (parent: unknown, args: Record<string, unknown>, ctx: ReadContext, info: GraphQLResolveInfo) => {
      const value: unknown = await resolve(parent, args, ctx, info);
      if (answered(value)) {
        const named = args[rule.arg];
        if (rule.table) noteParentReads(ctx, rule.table, rule.column === 'uuid' ? 'uuid' : 'id', [named], field.name);
        else noteParticipantReads(ctx, [named], field.name);
      }
      return value;
    };
  }
  return schema;
}
