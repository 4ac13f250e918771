// oidc-provider ships no types: the little the tests use (server/test/oidc-provider.ts).
declare module 'oidc-provider' {
  import type { Server } from 'node:http';
  interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  interface ProviderContext {
    oidc: { client?: { clientId: string }; session?: { accountId?: string } };
  }
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    Grant: new (init: { clientId: string; accountId: string }) => GrantInstance;
    listen(port: number, host: string): Server;
  }
  export type { ProviderContext };
}
