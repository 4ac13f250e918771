/**
 * A small round-robin HTTP proxy for the load run (tests/bench/server-load.ts): the server is
 * stateless, so two processes behind this share the users. Keep-alive to the upstreams; the
 * request and answer bodies stream through. Usage: node --import tsx tests/bench/rr-proxy.ts
 * <listen port> <upstream port> [<upstream port> ...]
 */
import { Agent, createServer, request } from 'node:http';

const [listen, ...upstreams] = process.argv.slice(2).map(Number);
if (!listen || upstreams.length === 0) {
  console.error('usage: rr-proxy <listen port> <upstream port>...');
  process.exit(2);
}
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;

/**
 * The request body is read first (the bench's bodies are small JSON) so that a request that met a
 * keep-alive socket the upstream had just closed can be sent once more, on a new socket (Node's
 * advice for `reusedSocket`); otherwise that race answers 502.
 */
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const send = (retry: boolean) => {
      const port = upstreams[next++ % upstreams.length];
      const upstream = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (retry && upstream.reusedSocket && error.code === 'ECONNRESET') return send(false);
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      upstream.end(body);
    };
    send(true);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(listen, '127.0.0.1', () => console.log(`rr-proxy on ${listen} → ${upstreams.join(', ')}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
