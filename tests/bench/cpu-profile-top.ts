/**
 * Summarizes a V8 CPU profile (node --cpu-prof): self time per function and per package/file,
 * to find the server's hot spots after a load run. Usage:
 *   node --import tsx tests/bench/cpu-profile-top.ts <file.cpuprofile> [top=25]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export function topOfProfile(file: string, top = 25): { byFunction: [string, number][]; byFile: [string, number][]; totalMs: number } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
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
  const file = process.argv[2];
  if (!file) throw new Error('usage: cpu-profile-top <file.cpuprofile> [top]');
  const { byFunction, byFile, totalMs } = topOfProfile(file, Number(process.argv[3] ?? 25));
  console.log(`total sampled: ${totalMs} ms\n\nself time by package or file:`);
  for (const [k, v] of byFile) console.log(`${String(v).padStart(8)} ms  ${((v / totalMs) * 100).toFixed(1).padStart(5)}%  ${k}`);
  console.log('\nself time by function:');
  for (const [k, v] of byFunction) console.log(`${String(v).padStart(8)} ms  ${((v / totalMs) * 100).toFixed(1).padStart(5)}%  ${k}`);
}
