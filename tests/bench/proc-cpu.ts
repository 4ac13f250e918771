/**
 * CPU time of processes on this machine, from /proc (Linux): the bench's own server child processes
 * and the PostgreSQL instance the bench started (its postmaster and every backend), never a
 * system-wide figure. Times in seconds of CPU (user + system).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

let ticks: number | null = null;
/** Clock ticks per second of /proc/<pid>/stat's times (getconf CLK_TCK; 100 where getconf is missing). */
export function clockTicks(): number {
  if (ticks === null) {
    try {
      ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticks = 100;
    }
  }
  return ticks;
}

function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the name: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14), in clock ticks.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** CPU seconds a process used so far (user + system; its waited-for children too when asked); 0 when it is gone. */
export function cpuSecondsOf(pid: number | undefined, withChildren = false): number {
  if (!pid) return 0;
  const fields = statFields(pid);
  if (!fields) return 0;
  const t = Number(fields[11]) + Number(fields[12]) + (withChildren ? Number(fields[13]) + Number(fields[14]) : 0);
  return t / clockTicks();
}

/** Resident memory of a process in KB (VmRSS from /proc/<pid>/status); 0 when it is gone. */
export function rssKb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds of one PostgreSQL instance (the one whose data directory is given): the postmaster
 * with its ended backends (cutime/cstime) and the live backends (its child processes).
 */
export function postgresCpuSeconds(dataDir: string): number {
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return 0;
  }
  if (!postmaster) return 0;
  let total = cpuSecondsOf(postmaster, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields && Number(fields[1]) === postmaster) total += (Number(fields[11]) + Number(fields[12])) / clockTicks();
  }
  return total;
}
