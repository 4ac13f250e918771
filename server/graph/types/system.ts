import { builder } from '../builder';

builder.queryField('serverTime', (t) =>
  t.string({
    description: 'The server clock, ISO 8601: lets a client tell how far its own clock is off.',
    resolve: () => new Date().toISOString(),
  }),
);
