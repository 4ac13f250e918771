import { Kind, valueFromASTUntyped, type DocumentNode, type FieldNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GraphContext } from '../graph/context';
import { audit, type AuditResult } from './audit';
import { perOperation } from '../graph/per-operation';

/**
 * Reads that the audit log must show (NEN 7513, BIO 8.15): a root field → the action written and how the
 * object is named. A BSN reveal is listed here too, under whichever root field the staff screens use for it.
 */
export const AUDITED_READS: Readonly<Record<string, { action: string; subjectType: string; idArgs: readonly string[] }>> = {
  participant: { action: 'participant.read', subjectType: 'participant', idArgs: ['id', 'uuid'] },
  revealParticipantBsn: { action: 'bsn.reveal', subjectType: 'participant', idArgs: ['id', 'participantId', 'uuid'] },
  participantBsn: { action: 'bsn.reveal', subjectType: 'participant', idArgs: ['id', 'participantId', 'uuid'] },
};

function rootFields(document: DocumentNode, operationName: string | null | undefined): FieldNode[] {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
  if (!operation) return [];
  const fragments = new Map(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
  const out: FieldNode[] = [];
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode) => {
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) out.push(sel);
      else if (sel.kind === Kind.INLINE_FRAGMENT) walk(sel.selectionSet);
      else if (!seen.has(sel.name.value)) {
        seen.add(sel.name.value);
        const fragment = fragments.get(sel.name.value);
        if (fragment) walk(fragment.selectionSet);
      }
    }
  };
  walk(operation.selectionSet);
  return out;
}

/** The audited root fields an operation selects, once per query text and operation (issue 25). */
const auditedFields = perOperation((document, operationName): readonly FieldNode[] => rootFields(document, operationName).filter((f) => Object.hasOwn(AUDITED_READS, f.name.value)));

/** The value of an argument as sent (a literal or a variable). */
function argumentValue(field: FieldNode, names: readonly string[], variables: Record<string, unknown>): string | null {
  for (const arg of field.arguments ?? []) {
    if (!names.includes(arg.name.value)) continue;
    const value: unknown = valueFromASTUntyped(arg.value, variables);
    if (typeof value === 'string' || typeof value === 'number') return String(value).slice(0, 100);
  }
  return null;
}

/**
 * Yoga plugin: after an operation ran, one audit row per audited root field it selected, with the viewer's
 * whole chain, the object, the result (success: the record was answered; refused: not found or no access)
 * and the client address. Reads by anonymous or refused requests never reach a resolver and are not rows here.
 */
export function useAuditedReads(): Plugin<GraphContext> {
  return {
    onExecute({ args }) {
      const ctx = args.contextValue as GraphContext;
      const { document, operationName } = args as unknown as { document: DocumentNode; operationName?: string | null };
      const fields = auditedFields(document, operationName);
      if (fields.length === 0 || !ctx.viewer) return undefined;
      const viewer = ctx.viewer;
      const variables = (args.variableValues ?? {}) as Record<string, unknown>;
      return {
        async onExecuteDone({ result }) {
          if (!('data' in result)) return;
          const data = (result.data ?? {}) as Record<string, unknown>;
          for (const field of fields) {
            const rule = AUDITED_READS[field.name.value]!;
            const key = field.alias?.value ?? field.name.value;
            const answered = data[key] !== null && data[key] !== undefined;
            const outcome: AuditResult = answered ? 'success' : 'refused';
            await audit(ctx.db, {
              action: rule.action,
              viewer,
              subjectType: rule.subjectType,
              subjectId: argumentValue(field, rule.idArgs, variables),
              result: outcome,
              details: { via: 'graph', field: field.name.value },
              ip: ctx.ip,
            });
          }
        },
      };
    },
  };
}
