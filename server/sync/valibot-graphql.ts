/**
 * GraphQL input types from valibot schemas, so a declared write's GraphQL input is its schema:
 * objects become input types, strings/picklists String, numbers Float, booleans Boolean, arrays
 * lists; optional, nullable and nullish fields are nullable; what has no GraphQL shape (unions,
 * records, tuples) is JSON. The same schema still parses the input in the resolver (the valibot
 * rules, with their reason codes, are the authority; GraphQL only carries the shape).
 */
import type * as v from 'valibot';
import { builder } from '../graph/builder';

type Schema = v.GenericSchema & { type: string; wrapped?: Schema; item?: Schema; entries?: Record<string, Schema>; options?: unknown };

type FieldShape =
  | { kind: 'scalar'; name: 'String' | 'Float' | 'Boolean' | 'JSON' }
  | { kind: 'object'; name: string; entries: Record<string, Schema> }
  | { kind: 'list'; of: FieldShape };

const OPTIONAL = new Set(['optional', 'nullable', 'nullish', 'undefinedable', 'exact_optional']);
const OBJECTS = new Set(['object', 'strict_object', 'loose_object']);

function unwrap(schema: Schema): { schema: Schema; required: boolean } {
  let s = schema;
  let required = true;
  while (OPTIONAL.has(s.type) && s.wrapped) {
    required = false;
    s = s.wrapped;
  }
  return { schema: s, required };
}

function isStringLiterals(schema: Schema): boolean {
  const options = schema.options;
  return Array.isArray(options) && options.every((o) => typeof o === 'string');
}

function shapeOf(schema: Schema, name: string): FieldShape {
  const s = unwrap(schema).schema;
  if (s.type === 'string' || (s.type === 'picklist' && isStringLiterals(s)) || s.type === 'enum') return { kind: 'scalar', name: 'String' };
  if (s.type === 'number') return { kind: 'scalar', name: 'Float' };
  if (s.type === 'boolean') return { kind: 'scalar', name: 'Boolean' };
  if (OBJECTS.has(s.type) && s.entries) return { kind: 'object', name, entries: s.entries };
  if (s.type === 'array' && s.item) {
    const item = shapeOf(s.item, name);
    return item.kind === 'list' ? { kind: 'scalar', name: 'JSON' } : { kind: 'list', of: item };
  }
  return { kind: 'scalar', name: 'JSON' };
}

const made = new Map<string, ReturnType<typeof builder.inputRef>>();

function capital(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** The GraphQL type (name or [name]) of a field, creating nested input types on the way. */
function typeOf(shape: FieldShape): string | [string] {
  if (shape.kind === 'scalar') return shape.name;
  if (shape.kind === 'object') {
    objectInput(shape.name, shape.entries, {});
    return shape.name;
  }
  const inner = typeOf(shape.of);
  return Array.isArray(inner) ? 'JSON' : [inner];
}

/**
 * Registers (once) the input type `name` with the schema's entries and the `extra` fields, and
 * answers its ref. Nested objects become `<name><Field>` input types.
 */
export function objectInput(
  name: string,
  entries: Record<string, Schema>,
  extra: Record<string, { type: string; description: string }>,
): ReturnType<typeof builder.inputRef> {
  const existing = made.get(name);
  if (existing) return existing;
  const ref = builder.inputRef<Record<string, unknown>>(name);
  made.set(name, ref);
  const base = name.endsWith('Input') ? name.slice(0, -'Input'.length) : name;
  ref.implement({
    fields: (t) => {
      const fields: Record<string, ReturnType<typeof t.field>> = {};
      for (const [field, schema] of Object.entries(entries)) {
        const { required } = unwrap(schema);
        const type = typeOf(shapeOf(schema, `${base}${capital(field)}Input`));
        // Pothos types `type` by name; the names here are the builder's own scalars and input types.
        fields[field] = t.field({ type: type as never, required });
      }
      for (const [field, def] of Object.entries(extra)) {
        fields[field] = t.field({ type: def.type as never, required: false, description: def.description });
      }
      // Built from the schema at run time: Pothos cannot know these fields statically.
      return fields as never;
    },
  });
  return ref;
}

/** The entries of an object schema (a write's input is always an object). */
export function objectEntries(schema: v.GenericSchema): Record<string, Schema> {
  const s = unwrap(schema).schema;
  if (!OBJECTS.has(s.type) || !s.entries) throw new Error('A write input schema must be a valibot object');
  return s.entries;
}
