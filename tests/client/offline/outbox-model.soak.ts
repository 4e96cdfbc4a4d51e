// `npm run soak -- outbox`: the outbox model property (support/outbox-model/) for 100,000 runs
// against one real server, printing runs/s as it goes and, on a failure, fast-check's report:
// the shrunk counterexample with its seed, path and replayPath. To replay one, pass those back:
// SOAK_SEED=… SOAK_PATH=… SOAK_REPLAY_PATH=… npm run soak -- outbox. SOAK_RUNS changes the
// count; SOAK_MUTANT=key-per-attempt or ack-before-reply runs a mutant (it must fail). Not a
// vitest file: scripts/soak.ts starts it as a child process.
import fc from 'fast-check';
import type { Mutant } from './support/outbox-model/fault-transport.ts';
import { assertParameters, outboxModelProperty } from './support/outbox-model/property.ts';
import { startModelServer } from './support/outbox-model/world.ts';

const RUNS = Number(process.env.SOAK_RUNS ?? 100_000);
const PROGRESS_EVERY_MS = 10_000;
const MUTANTS: readonly Mutant[] = ['none', 'key-per-attempt', 'ack-before-reply'];

function mutantOption(): Mutant {
  const asked = process.env.SOAK_MUTANT ?? 'none';
  const mutant = MUTANTS.find((m) => m === asked);
  if (mutant === undefined) throw new Error(`SOAK_MUTANT must be one of ${MUTANTS.join(', ')}`);
  return mutant;
}

function replayOptions() {
  const seed = process.env.SOAK_SEED;
  return {
    ...(seed === undefined ? {} : { seed: Number(seed) }),
    ...(process.env.SOAK_PATH === undefined ? {} : { path: process.env.SOAK_PATH }),
    ...(process.env.SOAK_REPLAY_PATH === undefined
      ? {}
      : { replayPath: process.env.SOAK_REPLAY_PATH }),
  };
}

async function main(): Promise<number> {
  const server = await startModelServer();
  let runs = 0;
  const started = Date.now();
  const rate = () => (runs / ((Date.now() - started) / 1000)).toFixed(1);
  const progress = setInterval(() => {
    console.log(`outbox soak: ${runs} runs, ${rate()} runs/s`);
  }, PROGRESS_EVERY_MS);
  try {
    const mutant = mutantOption();
    const options = { numRuns: RUNS, mutant, ...replayOptions(), onRun: () => (runs += 1) };
    const what = mutant === 'none' ? '' : ` with the mutant ${mutant}`;
    console.log(`outbox soak: ${RUNS} runs of the outbox model${what} against a real server`);
    const details = await fc.check(outboxModelProperty(server, options), assertParameters(options));
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    console.log(`outbox soak: ${runs} runs in ${seconds} s, ${rate()} runs/s`);
    if (!details.failed) return 0;
    console.log(fc.defaultReportMessage(details));
    const cause = details.errorInstance;
    console.log(cause instanceof Error ? `cause: ${cause.message}` : cause);
    return 1;
  } finally {
    clearInterval(progress);
    await server.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
