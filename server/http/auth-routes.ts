import type { Hono } from 'hono';
import type { Db } from '../db/db';
import type { Config } from '../config';

/** REST of sign-in and sessions (01 §7: oauth/*, passwordreset, ...). */
export function mountAuthRoutes(_app: Hono, _db: Db, _config: Config): void {}
