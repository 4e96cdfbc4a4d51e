// The outbox model property: a device of a fresh client or volunteer runs a short generated
// sequence of commands (commands.ts) against the real server, is then brought to quiescence
// (faults off, signed in, drained until nothing waits) and checked (invariants.ts). Shared by
// the vitest file (≥ 1,000 runs, time-bounded) and `npm run soak -- outbox` (≥ 100,000).
import fc from 'fast-check';
import { createNodeClient } from '../node-client.ts';
import {
  COMMANDS,
  discardRefusals,
  rememberUser,
  signInAgain,
  type Model,
  type Real,
} from './commands.ts';
import { ModelDevice, refreshUserLists } from './device.ts';
import { noFaults, type FaultContext, type Mutant } from './fault-transport.ts';
import { checkInvariants } from './invariants.ts';
import { createRunFixture, type ModelServer } from './world.ts';

/** A run that takes longer has hung (a run takes ~50 ms on a quiet machine). */
const RUN_TIMEOUT_MS = 30_000;

/** Drains allowed after the commands: enough for a paused queue, a back-off and a refusal. */
const QUIESCENCE_DRAINS = 6;

async function quiesce(model: Model, real: Real): Promise<void> {
  real.context.faults = noFaults();
  if (model.signedOut) await signInAgain(model, real);
  for (let i = 0; i < QUIESCENCE_DRAINS; i += 1) {
    await real.device.drain();
    const waiting = await real.device.main.db.outbox
      .where('status')
      .anyOf('queued', 'sending')
      .count();
    if (waiting === 0) return;
    // Actions held behind a refusal on their entity go once the person has dealt with it.
    await discardRefusals(model, real);
  }
}

/** What one run did, for the statistics the test and the soak print. */
export interface RunSummary {
  commands: string[];
  done: number;
  rejected: number;
}

async function summaryOf(model: Model, real: Real): Promise<RunSummary> {
  const rows = await real.device.main.db.outbox.toArray();
  return {
    commands: model.ran,
    done: rows.filter((r) => r.status === 'done').length,
    rejected: rows.filter((r) => r.status === 'rejected').length,
  };
}

export interface RunSetup {
  role: 'CLIENT' | 'VOLUNTEER';
  stock: number;
}

/** One run of the given commands (a fixed regression case, or one fast-check generated). */
export async function runCommands(
  server: ModelServer,
  mutant: Mutant,
  setup: RunSetup,
  commands: Iterable<fc.AsyncCommand<Model, Real>>,
): Promise<RunSummary> {
  const fixture = await createRunFixture(server.db(), setup.role, setup.stock);
  const client = createNodeClient(server.baseUrl, server.config);
  client.setCookie(fixture.user.cookie);
  const context: FaultContext = { faults: noFaults(), mutant };
  const device = new ModelDevice(client.transport, context);
  const real: Real = { server, device, client, context };
  const model: Model = {
    fixture,
    queued: [],
    cancelledByAdmin: new Set(),
    stockRanOut: false,
    signedOut: false,
    loggedOut: false,
    tabs: 1,
    discarded: new Map(),
    abandoned: new Map(),
    ran: [],
  };
  try {
    // Signed in with the lists loaded, as the engine leaves a device at sign-in.
    await rememberUser(real, fixture);
    await refreshUserLists(device.main.db, device.main.transport);
    await fc.asyncModelRun(() => ({ model, real }), commands);
    await quiesce(model, real);
    await checkInvariants(model, real);
    return await summaryOf(model, real);
  } finally {
    device.close();
  }
}

export interface PropertyOptions {
  numRuns: number;
  /** Stop generating new runs after this long (the runs made so far still count). */
  interruptAfterTimeLimit?: number;
  failOnInterrupt?: boolean;
  mutant?: Mutant;
  maxCommands?: number;
  seed?: number;
  path?: string;
  /** fc.commands' own replay path (the counterexample's replayPath="…"), with seed and path. */
  replayPath?: string;
  /** Told after each run (the soak counts runs/s). */
  onRun?: (summary: RunSummary) => void;
}

export function outboxModelProperty(server: ModelServer, options: PropertyOptions) {
  const setup = fc.record({
    role: fc.constantFrom<RunSetup['role']>('CLIENT', 'VOLUNTEER'),
    stock: fc.integer({ min: 1, max: 3 }),
  });
  const commands = fc.commands(COMMANDS, {
    maxCommands: options.maxCommands ?? 6,
    ...(options.replayPath === undefined ? {} : { replayPath: options.replayPath }),
  });
  return fc.asyncProperty(setup, commands, async (runSetup, cmds) => {
    const summary = await runCommands(server, options.mutant ?? 'none', runSetup, cmds);
    options.onRun?.(summary);
  });
}

/**
 * fc.assert's parameters for these options. Typed for any property: fast-check's timeout and
 * interruptAfterTimeLimit plugins are Plugin<unknown>, which a Parameters<Ts> does not take.
 */
export function assertParameters(options: PropertyOptions): fc.Parameters<unknown> {
  const limit = options.interruptAfterTimeLimit;
  return {
    numRuns: options.numRuns,
    plugins: [
      // A run takes well under a second: one that does not end has hung, and fails (then
      // shrinks) instead of stalling the test or the soak silently.
      fc.timeout(RUN_TIMEOUT_MS),
      // An interrupted run counts as a success with the runs made so far (the callers check
      // how many that was), unless failOnInterrupt says otherwise.
      ...(limit === undefined
        ? []
        : [
            fc.interruptAfterTimeLimit(limit, {
              failOnInterrupt: options.failOnInterrupt ?? false,
            }),
          ]),
    ],
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.path === undefined ? {} : { path: options.path }),
  };
}
