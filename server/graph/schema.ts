import { builder } from './builder';
import './types/system';
import './types/auth-password';
import './types/auth-mfa';
import './types/auth-registration';
import './types/auth-invitation';
import './types/company';
import './types/user';
import './types/participant';
import './types/status';
import './types/me';
import './types/access';
import './types/invitation';
import './types/sync-push-result';
import './types/sync-pull';
import './types/sync-probe';
import './types/search';
import './types/user-settings';
import './types/message';
import './types/message-writes';
import './types/audit-log';

// One file per GraphQL type under ./types; import each here so it registers on the builder.

export const schema = builder.toSchema({ sortSchema: true });
