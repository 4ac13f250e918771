import { builder } from './builder';
import './types/system';

// One file per GraphQL type under ./types; import each here so it registers on the builder.

export const schema = builder.toSchema({ sortSchema: true });
