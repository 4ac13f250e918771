/**
 * Summarizes a sampled CPU profile (a .cpuprofile, such as tests/bench/portal-lighthouse.ts writes with
 * PORTAL_CPU_PROFILE, or the main thread's profile inside a Chrome trace), mapped back to the sources through
 * the build's source maps: self time per source file and per function, and inclusive time per
 * function. Usage:
 *   node --import tsx tests/bench/trace-profile-top.ts <file.cpuprofile|trace.json> <build dir> [top=30] [--thread main|worker]
 * In a trace, `--thread worker` sums the sync worker's thread instead of the page's main thread (a first
 * sync's trace: run.ts with WERKPAD_BENCH_SYNC_TRACE), and every sampled thread's total is listed first.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface Node {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}
interface TraceEvent {
  name: string;
  id?: string;
  pid: number;
  tid: number;
  args?: {
    data?: {
      cpuProfile?: { nodes?: Node[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

const threadFlag = process.argv.indexOf('--thread');
const thread = threadFlag >= 0 ? process.argv[threadFlag + 1] : 'main';
if (thread !== 'main' && thread !== 'worker') throw new Error('--thread main|worker');
const [file, buildDir, topArg] = process.argv.slice(2).filter((_, i, all) => all[i] !== '--thread' && all[i - 1] !== '--thread');
if (!file || !buildDir) throw new Error('usage: trace-profile-top <file.cpuprofile|trace.json> <build dir> [top]');
const buildRoot: string = buildDir;
const top = Number(topArg ?? 30);
const input = JSON.parse(readFileSync(file, 'utf8')) as {
  traceEvents?: TraceEvent[];
  nodes?: (Node & { children?: number[] })[];
  samples?: number[];
  timeDeltas?: number[];
};
interface Profile {
  nodes: Map<number, Node>;
  samples: number[];
  deltas: number[];
}
const profiles = new Map<string, Profile>();
if (input.nodes) {
  // A .cpuprofile (CDP Profiler.stop): parents from the children lists.
  const nodes = new Map(input.nodes.map((n) => [n.id, { ...n }]));
  for (const n of input.nodes)
    for (const child of n.children ?? []) {
      const c = nodes.get(child);
      if (c) c.parent = n.id;
    }
  profiles.set('profile', {
    nodes,
    samples: input.samples ?? [],
    deltas: input.timeDeltas ?? [],
  });
}
for (const event of input.traceEvents ?? []) {
  if (event.name !== 'ProfileChunk' || !event.id) continue;
  const key = `${event.pid}:${event.id}`;
  const profile: Profile = profiles.get(key) ?? { nodes: new Map(), samples: [], deltas: [] };
  profiles.set(key, profile);
  const data = event.args?.data;
  for (const node of data?.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
  profile.samples.push(...(data?.cpuProfile?.samples ?? []));
  profile.deltas.push(...(data?.timeDeltas ?? []));
}
// The page's main thread: the profile with the most samples in the app's entry scripts (the sync
// worker's: in its bundle).
const marker = thread === 'worker' ? '/assets/sync.worker-' : '/assets/index-';
const score = (p: { nodes: Map<number, Node>; samples: number[] }) => p.samples.filter((id) => p.nodes.get(id)?.callFrame.url?.includes(marker)).length;
const busy = (p: Profile) => {
  let us = 0;
  p.samples.forEach((id, i) => {
    if (p.nodes.get(id)?.callFrame.functionName !== '(idle)') us += p.deltas[i] ?? 0;
  });
  return us;
};
if (profiles.size > 1) {
  console.log('sampled threads (busy ms, idle excluded; samples in the app, in the sync worker):');
  for (const [key, p] of profiles) {
    const inApp = p.samples.filter((id) => p.nodes.get(id)?.callFrame.url?.includes('/assets/index-')).length;
    const inWorker = p.samples.filter((id) => p.nodes.get(id)?.callFrame.url?.includes('/assets/sync.worker-')).length;
    console.log(`  ${key}: ${Math.round(busy(p) / 1000)} ms busy; ${inApp} / ${inWorker}`);
  }
}
const main = [...profiles.values()].sort((a, b) => score(b) - score(a))[0];
if (!main) throw new Error('no profile in the trace');

const maps = new Map<string, TraceMap | null>();
function mapFrame(frame: CallFrame): { file: string; name: string } {
  const url = frame.url;
  const asset = /\/(assets\/[^?#]+\.js)/.exec(url)?.[1];
  if (asset === undefined || !(frame.lineNumber >= 0))
    return {
      file: url || '(native)',
      name: frame.functionName || '(anonymous)',
    };
  if (!maps.has(asset)) {
    const mapFile = path.join(buildRoot, `${asset}.map`);
    maps.set(asset, existsSync(mapFile) ? new TraceMap(readFileSync(mapFile, 'utf8')) : null);
  }
  const map = maps.get(asset);
  if (!map) return { file: asset, name: frame.functionName || '(anonymous)' };
  const pos = originalPositionFor(map, {
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  });
  const source = (pos.source ?? asset).replace(/.*node_modules\//, 'npm:').replace(/^(\.\.\/)+/, '');
  return {
    file: source,
    name: `${pos.name ?? frame.functionName ?? '(anonymous)'} ${source}:${pos.line ?? 0}`,
  };
}

const self = new Map<number, number>();
main.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (main.deltas[i] ?? 0)));
const byFile = new Map<string, number>();
const byFunction = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
for (const [id, us] of self) {
  const node = main.nodes.get(id);
  if (!node) continue;
  total += us;
  const mapped = mapFrame(node.callFrame);
  const pkg = mapped.file.startsWith('npm:')
    ? mapped.file
        .split('/')
        .slice(0, mapped.file.startsWith('npm:@') ? 2 : 1)
        .join('/')
    : mapped.file;
  byFile.set(pkg, (byFile.get(pkg) ?? 0) + us);
  byFunction.set(mapped.name, (byFunction.get(mapped.name) ?? 0) + us);
  const seen = new Set<string>();
  for (let n: Node | undefined = node; n; n = n.parent === undefined ? undefined : main.nodes.get(n.parent)) {
    const name = mapFrame(n.callFrame).name;
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + us);
  }
}
const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}:`);
  for (const [k, v] of [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${String(Math.round(v / 1000)).padStart(7)} ms  ${k}`);
};
console.log(`${thread === 'worker' ? 'sync worker' : 'main thread'} sampled: ${Math.round(total / 1000)} ms (idle included), busy ${Math.round(busy(main) / 1000)} ms`);
print('self time by package or source file', byFile);
print('self time by function', byFunction);
print('inclusive time by function', inclusive);
