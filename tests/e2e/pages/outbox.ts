import { expect, type APIRequestContext } from '@playwright/test';

interface OutboxMail {
  to: string;
  subject: string;
  links: string[];
}

/** The path of the newest link mailed to `to` (the local outbox: GET /api/dev/outbox, development only). */
export async function mailedLinkPath(api: APIRequestContext, to: string, pathStart: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await api.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as OutboxMail[];
      path = mails.flatMap((mail) => mail.links).map((link) => new URL(link).pathname).find((p) => p.startsWith(pathStart));
      return path;
    })
    .toBeTruthy();
  return path ?? '';
}
