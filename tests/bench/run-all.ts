// `npm run bench [-- <name filter>]`: runs every tests/bench/*.bench.ts in turn, each in its own
// Node process (through tsx) so one benchmark's warm-up, pools and timers never skew the next.
// Benchmarks print figures; they never assert times.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const filter = process.argv[2] ?? '';
const files = fs
  .readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts') && name.includes(filter))
  .sort();

let failed = 0;
for (const name of files) {
  console.log(`\n=== ${name} ===`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, name)], {
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    failed += 1;
    console.error(`${name} exited with ${String(run.status ?? run.signal)}`);
  }
}
if (files.length === 0) console.log(`no benchmark matches "${filter}"`);
process.exitCode = failed === 0 ? 0 : 1;
