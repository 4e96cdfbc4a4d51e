// CPU time of processes other than the bench's own, read from /proc (Linux): where a 2-core
// machine's CPU goes during a run, so a throughput figure can be read against what the
// database server and the load generator took beside the app. Elsewhere: undefined.
import fs from 'node:fs';

/** Kernel clock ticks per second (USER_HZ): 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

/** utime + stime (ms) of one /proc/<pid>/stat line; fields 14 and 15, after the "(comm)". */
function cpuMsOfStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): utime is field 14, stime field 15.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * The summed CPU time (ms) of every live process whose command name is `comm` (e.g. all
 * PostgreSQL backends: 'postgres'); undefined without /proc. A backend that exits between two
 * readings takes its time with it, so read before and after a run with the pool kept open.
 */
export function cpuMsOfProcesses(comm: string): number | undefined {
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === comm) {
        total += cpuMsOfStat(stat);
      }
    } catch {
      // The process ended while we looked.
    }
  }
  return total;
}
