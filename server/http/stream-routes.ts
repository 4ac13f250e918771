import type { Hono } from 'hono';
import type { Db } from '../db/db';
import type { Config } from '../config';

/** GET /api/v2/stream: server-sent pokes when something in the viewer's scope changed. */
export function mountStream(_app: Hono, _db: Db, _config: Config): void {}
