import type { Db } from '../db/db';
import type { Config } from '../config';
import type { Viewer } from '../auth/viewer';

export interface GraphContext {
  db: Db;
  config: Config;
  /** Null when the request carries no valid session. */
  viewer: Viewer | null;
  /** Client address, for rate limits and the audit log. */
  ip: string;
  request: Request;
  /** The `file` part of a multipart graph request (01 §7). */
  upload: File | null;
}
