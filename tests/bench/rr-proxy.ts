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

const server = createServer((req, res) => {
  const port = upstreams[next++ % upstreams.length];
  const upstream = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
});
server.keepAliveTimeout = 65_000;
server.listen(listen, '127.0.0.1', () => console.log(`rr-proxy on ${listen} → ${upstreams.join(', ')}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
