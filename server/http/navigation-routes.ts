import type { Hono } from 'hono';
import type { Db } from '../db/db';
import type { Config } from '../config';

/** GET /api/navigation: the menu tree the signed-in user may see (01 §2, §6). */
export function mountNavigation(_app: Hono, _db: Db, _config: Config): void {}
