/**
 * Summarizes a V8 CPU profile (node --cpu-prof): self time per function and per package/file,
 * to find the server's hot spots after a load run. Usage:
 *   node --import tsx tests/bench/cpu-profile-top.ts <file.cpuprofile> [top=25] [--phase mix|floor]
 * --phase: only the samples of the load run's mix or floor (phases.<pid>.json, written next to the
 * profiles by tests/bench/server-load.ts), with the time per request; startup, sign-in and the first
 * syncs are left out.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

/** A window on the profile's clock (microseconds, CLOCK_MONOTONIC): only samples inside it count. */
export interface Window {
  from: number;
  to: number;
}

/** The phase's window of a profile written during a load run (tests/bench/server-load.ts), with its request count. */
export function phaseOf(file: string, phase: string): (Window & { requests: number }) | null {
  const pid = /\.(\d+)\.\d+\.\d+\.cpuprofile$/.exec(path.basename(file))?.[1];
  const phasesFile = path.join(path.dirname(file), `phases.${pid}.json`);
  if (!pid || !existsSync(phasesFile)) return null;
  const phases = JSON.parse(readFileSync(phasesFile, 'utf8')) as Record<string, (Window & { requests: number }) | undefined>;
  return phases[phase] ?? null;
}

export function topOfProfile(file: string, top = 25, window?: Window): { byFunction: [string, number][]; byFile: [string, number][]; totalMs: number } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (window && (at < window.from || at > window.to)) return;
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  const fn = new Map<string, number>();
  const files = new Map<string, number>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    total += us;
    const url = node.callFrame.url.replace(/^file:\/\//, '').replace(/.*\/node_modules\//, 'npm:').replace(/.*\/wt-[^/]+\//, '');
    const name = `${node.callFrame.functionName || '(anonymous)'} ${url}:${node.callFrame.lineNumber + 1}`;
    fn.set(name, (fn.get(name) ?? 0) + us);
    const pkg = url.startsWith('npm:') ? url.split('/').slice(0, url.startsWith('npm:@') ? 2 : 1).join('/') : url || node.callFrame.functionName;
    files.set(pkg, (files.get(pkg) ?? 0) + us);
  }
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]): [string, number] => [k, Math.round(v / 1000)]);
  return { byFunction: sorted(fn), byFile: sorted(files), totalMs: Math.round(total / 1000) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { phase: { type: 'string' } } });
  const file = positionals[0];
  if (!file) throw new Error('usage: cpu-profile-top <file.cpuprofile> [top] [--phase mix|floor]');
  const phase = values.phase ? phaseOf(file, values.phase) : null;
  if (values.phase && !phase) throw new Error(`no phase ${values.phase} for ${file} (phases.<pid>.json next to it)`);
  const { byFunction, byFile, totalMs } = topOfProfile(file, Number(positionals[1] ?? 25), phase ?? undefined);
  // With a phase: also microseconds per request (the samples' own time, idle included in the total).
  const perRequest = (ms: number) => (phase && phase.requests > 0 ? `${String(Math.round((ms * 1000) / phase.requests)).padStart(6)} µs/req` : '');
  const busyMs = totalMs - (byFile.find(([k]) => k === '(idle)')?.[1] ?? 0);
  console.log(`total sampled: ${totalMs} ms${phase ? ` in the ${values.phase} (${phase.requests} requests)` : ''}, busy (not idle) ${busyMs} ms ${perRequest(busyMs)}\n\nself time by package or file:`);
  for (const [k, v] of byFile) console.log(`${String(v).padStart(8)} ms  ${((v / totalMs) * 100).toFixed(1).padStart(5)}% ${perRequest(v)}  ${k}`);
  console.log('\nself time by function:');
  for (const [k, v] of byFunction) console.log(`${String(v).padStart(8)} ms  ${((v / totalMs) * 100).toFixed(1).padStart(5)}% ${perRequest(v)}  ${k}`);
}
