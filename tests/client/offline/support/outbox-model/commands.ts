// The commands of the outbox model test (fast-check `commands`): what a person queues on the
// device, drains (with a network fault during the drain), and what happens around it (a
// restart, secure sessions forgotten, the login ended, a second tab, a reload, stock running
// out, an admin cancelling an order, a round filling up). The model records what was queued,
// in order, and the outside events each invariant must allow for (invariants.ts).
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { buildAction, type ActionKind, type TypedAction } from '#client/offline/actions';
import { readMirrorList } from '#client/offline/mirror';
import type { MirrorListName } from '#client/offline/mirror-lists';
import { enqueue } from '#client/offline/outbox';
import { rememberSignedInUser } from '#client/offline/session-user-store';
import type { MirrorRow, OutboxRow } from '#client/offline/types';
import { discardRejected } from '#client/offline/outbox';
import { wipeUserData } from '#client/offline/wipe';
import type { OrderReply } from '#shared/contracts/orders';
import type { VolunteerRound } from '#shared/contracts/rounds';
import { createSignup, createUser } from '../../../../support/factories.ts';
import type { NodeClient } from '../node-client.ts';
import type { ModelDevice } from './device.ts';
import { noFaults, type FaultContext, type Faults } from './fault-transport.ts';
import { newLogin, type ModelServer, type RunFixture } from './world.ts';

/** One action the person queued: its outbox seq and what identifies its effect. */
export interface QueuedByModel {
  seq: number;
  kind: ActionKind;
  /** Feedback content or order notes, unique to this action. */
  marker: string | null;
  /** The order or round it acts on. */
  targetId: number | null;
}

export interface Model {
  fixture: RunFixture;
  queued: QueuedByModel[];
  /** Orders an admin cancelled while the device had actions on them. */
  cancelledByAdmin: Set<number>;
  stockRanOut: boolean;
  /** The login has ended (the server's view). */
  signedOut: boolean;
  /** The person logged out on this device: only public forms can be queued. */
  loggedOut: boolean;
  tabs: number;
  /** Refusals the person read under "Needs attention" and discarded, as they were then. */
  discarded: Map<number, OutboxRow>;
  /** Unanswered actions the person let go when logging out (the app asks first). */
  abandoned: Map<number, OutboxRow>;
  /** The commands that ran (a command whose check failed is skipped), for statistics. */
  ran: string[];
}

export interface Real {
  server: ModelServer;
  device: ModelDevice;
  client: NodeClient;
  context: FaultContext;
}

type Command = fc.AsyncCommand<Model, Real>;

function rememberUser(real: Real, fixture: RunFixture): Promise<void> {
  const { user } = fixture;
  return rememberSignedInUser(real.device.main.db, {
    userId: user.id,
    username: user.username,
    role: fixture.role,
    email: null,
    phone: null,
  });
}

async function mirrored(real: Real, list: MirrorListName, id: number): Promise<MirrorRow | null> {
  const rows = await readMirrorList(real.device.main.db, list, new Date());
  return rows.find((row) => row.id === String(id)) ?? null;
}

/** The mirror's row for the entity, or one made from what the model knows (never shown). */
async function rowOrStub(real: Real, list: MirrorListName, id: number, data: object) {
  const row = await mirrored(real, list, id);
  return row ?? { key: `${list}/${id}`, list, id: String(id), position: -1, group: null, data };
}

async function queue<K extends ActionKind>(
  model: Model,
  real: Real,
  action: TypedAction<K>,
  tab: number,
  effect: { marker?: string; targetId?: number } = {},
): Promise<void> {
  const target = real.device.tabs[tab % real.device.tabs.length]!;
  const seq = await enqueue(target.db, action);
  model.queued.push({
    seq,
    kind: action.kind,
    marker: effect.marker ?? null,
    targetId: effect.targetId ?? null,
  });
}

/** A signed-in person's action of the role: never queued after logging out on the device. */
const isRole = (role: RunFixture['role']) => (model: Readonly<Model>) =>
  model.fixture.role === role && !model.loggedOut;

export class QueueFeedback implements Command {
  constructor(readonly tab: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const content = `fb-${randomUUID()}`;
    const action = buildAction('feedback.submit', {
      name: null,
      phoneNumber: '5550001111',
      content,
    });
    await queue(model, real, action, this.tab, { marker: content });
  }
  toString = () => `QueueFeedback(tab ${this.tab})`;
}

/** A volunteer application from this device (a public form, like feedback). */
class QueueApplication implements Command {
  constructor(readonly tab: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const email = `applicant-${randomUUID()}@example.org`;
    const action = buildAction('volunteer.apply', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      phone: '555 123 4567',
      notes: null,
      submissionTime: Math.floor(Date.now() / 1000),
    });
    await queue(model, real, action, this.tab, { marker: email });
  }
  toString = () => `QueueApplication(tab ${this.tab})`;
}

/**
 * A guest order (public, sent whoever is signed in) for a custom line, so it reserves no
 * stock; the run's guest has one phone and email, so a third is refused by the day's limit.
 */
class QueueGuestOrder implements Command {
  constructor(readonly tab: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const notes = `guest-order-${randomUUID()}`;
    const action = buildAction('order.guestCreate', {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: model.fixture.guestEmail,
      phone: model.fixture.guestPhone,
      deliveryAddress: '2 Model Street',
      notes,
      items: [{ itemName: 'A custom request', quantity: 1 }],
    });
    await queue(model, real, action, this.tab, { marker: notes });
  }
  toString = () => `QueueGuestOrder(tab ${this.tab})`;
}

class QueuePlaceOrder implements Command {
  constructor(readonly tab: number) {}
  check = isRole('CLIENT');
  async run(model: Model, real: Real) {
    const { user, itemName } = model.fixture;
    const notes = `order-${randomUUID()}`;
    const order = {
      deliveryAddress: '1 Model Street',
      phoneNumber: '5550002222',
      notes,
      items: [{ itemName, quantity: 1 }],
    };
    const local = { id: `local-${randomUUID()}`, data: { orderId: null, status: 'PENDING' } };
    const action = buildAction('order.create', { userId: user.id, order, local });
    await queue(model, real, action, this.tab, { marker: notes });
  }
  toString = () => `QueuePlaceOrder(tab ${this.tab})`;
}

class QueueCancelOrder implements Command {
  constructor(
    readonly which: number,
    readonly tab: number,
  ) {}
  check = isRole('CLIENT');
  async run(model: Model, real: Real) {
    const orderId = model.fixture.cancellableOrders[this.which]!;
    const row = await rowOrStub(real, 'myOrders', orderId, { orderId, status: 'PENDING' });
    const action = buildAction('order.cancel', { userId: model.fixture.user.id, orderId, row });
    await queue(model, real, action, this.tab, { targetId: orderId });
  }
  toString = () => `QueueCancelOrder(${this.which}, tab ${this.tab})`;
}

function stubRound(roundId: number): VolunteerRound {
  return { roundId, title: `Round ${roundId}`, status: 'SCHEDULED' } as VolunteerRound;
}

class QueueSignup implements Command {
  constructor(readonly tab: number) {}
  check = isRole('VOLUNTEER');
  async run(model: Model, real: Real) {
    const roundId = model.fixture.signupRound;
    const row = await rowOrStub(real, 'allRounds', roundId, stubRound(roundId));
    const entry = { round: row.data as VolunteerRound, row };
    const action = buildAction('round.signup', { userId: model.fixture.user.id, entry });
    await queue(model, real, action, this.tab, { targetId: roundId });
  }
  toString = () => `QueueSignup(tab ${this.tab})`;
}

/** Cancels the run's first sign-up (the one the volunteer had before the run). */
class QueueCancelSignup implements Command {
  constructor(readonly tab: number) {}
  check = isRole('VOLUNTEER');
  async run(model: Model, real: Real) {
    const { signupRound, firstSignupId, user } = model.fixture;
    const row = await rowOrStub(real, 'myRounds', signupRound, stubRound(signupRound));
    const entry = { round: row.data as VolunteerRound, row };
    const action = buildAction('round.cancelSignup', {
      userId: user.id,
      signupId: firstSignupId,
      entry,
      now: new Date(),
    });
    await queue(model, real, action, this.tab, { targetId: signupRound });
  }
  toString = () => `QueueCancelSignup(tab ${this.tab})`;
}

class QueueOrderStatus implements Command {
  constructor(
    readonly kind: 'order.startDelivery' | 'order.complete',
    readonly which: number,
    readonly tab: number,
  ) {}
  check = isRole('VOLUNTEER');
  async run(model: Model, real: Real) {
    const orderId = model.fixture.deliveryOrders[this.which]!;
    const stub = { orderId, status: 'PENDING' };
    const row = await rowOrStub(real, 'assignedOrders', orderId, stub);
    const entry = { order: row.data as OrderReply, row };
    const action = buildAction(this.kind, { userId: model.fixture.user.id, entry });
    await queue(model, real, action, this.tab, { targetId: orderId });
  }
  toString = () => `Queue(${this.kind}, ${this.which}, tab ${this.tab})`;
}

/** A network fault active during one drain, or none. */
export type DrainFault =
  | { kind: 'none' }
  | { kind: 'offline' }
  | { kind: 'lose'; count: number }
  | { kind: 'duplicate'; count: number }
  | { kind: 'reorder'; delays: number[] }
  | { kind: 'crash' };

function armed(fault: DrainFault): Faults {
  const faults = noFaults();
  if (fault.kind === 'offline') faults.offline = true;
  if (fault.kind === 'lose') faults.loseReplies = fault.count;
  if (fault.kind === 'duplicate') faults.duplicates = fault.count;
  if (fault.kind === 'reorder') faults.reorderDelays = [...fault.delays];
  if (fault.kind === 'crash') faults.crashAfterSend = true;
  return faults;
}

export class Drain implements Command {
  constructor(readonly fault: DrainFault) {}
  check = () => true;
  async run(model: Model, real: Real) {
    real.context.faults = armed(this.fault);
    try {
      await real.device.drain();
    } finally {
      real.context.faults = noFaults();
    }
    model.tabs = real.device.tabs.length;
  }
  toString = () => `Drain(${JSON.stringify(this.fault)})`;
}

/**
 * The person reads "Needs attention" and discards every refusal there (the model keeps each
 * as read): later actions on the same entities may go.
 */
export async function discardRefusals(model: Model, real: Real): Promise<void> {
  const db = real.device.main.db;
  const refused = await db.outbox.where('status').equals('rejected').toArray();
  for (const row of refused) {
    model.discarded.set(row.seq, row);
    await discardRejected(db, row.seq);
  }
}

class DiscardRefusals implements Command {
  check = () => true;
  run = discardRefusals;
  toString = () => 'DiscardRefusals';
}

class RestartServer implements Command {
  check = () => true;
  run = (_model: Model, real: Real) => real.server.restart();
  toString = () => 'RestartServer';
}

class ForgetSecureSessions implements Command {
  check = () => true;
  async run(_model: Model, real: Real) {
    await real.server.db().deleteFrom('secure_sessions').execute();
  }
  toString = () => 'ForgetSecureSessions';
}

/** The login ends on the server (expired, or signed out elsewhere) while actions wait. */
export class LoginEnds implements Command {
  check = (model: Readonly<Model>) => !model.signedOut;
  async run(model: Model, real: Real) {
    const userId = model.fixture.user.id;
    await real.server.db().deleteFrom('login_sessions').where('user_id', '=', userId).execute();
    model.signedOut = true;
  }
  toString = () => 'LoginEnds';
}

/**
 * The person logs out mid-queue and confirms losing what is unsent (the shell asks): the
 * device wipes the user's rows (answered ones too, which the model keeps as read) and the
 * login ends. Public forms queued while signed out stay.
 */
class Logout implements Command {
  check = (model: Readonly<Model>) => !model.signedOut;
  async run(model: Model, real: Real) {
    const db = real.device.main.db;
    for (const row of await db.outbox.toArray()) {
      if (row.ownerUserId === null && row.status !== 'done') continue; // wipe.ts keeps these
      const answered = row.status === 'done' || row.status === 'rejected';
      (answered ? model.discarded : model.abandoned).set(row.seq, row);
    }
    await wipeUserData(db);
    const userId = model.fixture.user.id;
    await real.server.db().deleteFrom('login_sessions').where('user_id', '=', userId).execute();
    real.client.setCookie(null);
    model.signedOut = true;
    model.loggedOut = true;
  }
  toString = () => 'Logout';
}

/** The person signs in again: a new login cookie, the device lifts its pause. */
export async function signInAgain(model: Model, real: Real): Promise<void> {
  real.client.setCookie(await newLogin(real.server.db(), model.fixture));
  await rememberUser(real, model.fixture);
  model.signedOut = false;
  model.loggedOut = false;
}

class SignIn implements Command {
  check = (model: Readonly<Model>) => model.signedOut;
  run = signInAgain;
  toString = () => 'SignIn';
}

class OpenSecondTab implements Command {
  check = (model: Readonly<Model>) => model.tabs < 2;
  run(model: Model, real: Real) {
    real.device.openTab();
    model.tabs = real.device.tabs.length;
    return Promise.resolve();
  }
  toString = () => 'OpenSecondTab';
}

class Reload implements Command {
  check = () => true;
  run(model: Model, real: Real) {
    real.device.reload();
    model.tabs = real.device.tabs.length;
    return Promise.resolve();
  }
  toString = () => 'Reload';
}

class StockRunsOut implements Command {
  check = (model: Readonly<Model>) => model.fixture.role === 'CLIENT';
  async run(model: Model, real: Real) {
    const { itemId } = model.fixture;
    await real.server
      .db()
      .updateTable('cargo_items')
      .set({ quantity: 0 })
      .where('id', '=', itemId)
      .execute();
    model.stockRanOut = true;
  }
  toString = () => 'StockRunsOut';
}

class AdminCancelsOrder implements Command {
  constructor(readonly which: number) {}
  check = (model: Readonly<Model>) => model.fixture.role === 'VOLUNTEER';
  async run(model: Model, real: Real) {
    const orderId = model.fixture.deliveryOrders[this.which]!;
    await real.server
      .db()
      .updateTable('orders')
      .set({ status: 'CANCELLED' })
      .where('id', '=', orderId)
      .execute();
    model.cancelledByAdmin.add(orderId);
  }
  toString = () => `AdminCancelsOrder(${this.which})`;
}

/** Other volunteers take every slot of the round: a sign-up now lands on the waitlist. */
class RoundFills implements Command {
  check = (model: Readonly<Model>) => model.fixture.role === 'VOLUNTEER';
  async run(model: Model, real: Real) {
    const db = real.server.db();
    for (let i = 0; i < 2; i += 1) {
      const other = await createUser(db, { role: 'VOLUNTEER', password: null });
      await createSignup(db, model.fixture.signupRound, other.id, 'CONFIRMED');
    }
  }
  toString = () => 'RoundFills';
}

const tab = fc.nat(1);
const which = fc.nat(1);

const drainFault: fc.Arbitrary<DrainFault> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'none' as const }), weight: 3 },
  fc.constant({ kind: 'offline' as const }),
  fc.record({ kind: fc.constant('lose' as const), count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('duplicate' as const), count: fc.integer({ min: 1, max: 2 }) }),
  fc.record({
    kind: fc.constant('reorder' as const),
    delays: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 2, maxLength: 4 }),
  }),
  fc.constant({ kind: 'crash' as const }),
);

/** Records each command that runs, by name, for the statistics. */
class Recorded implements Command {
  constructor(readonly inner: Command) {}
  check = (model: Readonly<Model>) => this.inner.check(model);
  async run(model: Model, real: Real) {
    model.ran.push(this.inner.toString().replace(/\(.*$/, ''));
    await this.inner.run(model, real);
  }
  toString = () => this.inner.toString();
}

/** Every command, queueing ones weighted up so sequences hold several actions. */
const EVERY_COMMAND: fc.Arbitrary<Command>[] = [
  tab.map((t) => new QueueFeedback(t)),
  tab.map((t) => new QueueApplication(t)),
  tab.map((t) => new QueueGuestOrder(t)),
  tab.map((t) => new QueuePlaceOrder(t)),
  tab.map((t) => new QueuePlaceOrder(t)),
  fc.tuple(which, tab).map(([w, t]) => new QueueCancelOrder(w, t)),
  fc.tuple(which, tab).map(([w, t]) => new QueueCancelOrder(w, t)),
  tab.map((t) => new QueueSignup(t)),
  tab.map((t) => new QueueCancelSignup(t)),
  fc.tuple(which, tab).map(([w, t]) => new QueueOrderStatus('order.startDelivery', w, t)),
  fc.tuple(which, tab).map(([w, t]) => new QueueOrderStatus('order.complete', w, t)),
  fc.tuple(which, tab).map(([w, t]) => new QueueOrderStatus('order.startDelivery', w, t)),
  fc.tuple(which, tab).map(([w, t]) => new QueueOrderStatus('order.complete', w, t)),
  drainFault.map((f) => new Drain(f)),
  drainFault.map((f) => new Drain(f)),
  fc.constant(new DiscardRefusals()),
  fc.constant(new RestartServer()),
  fc.constant(new ForgetSecureSessions()),
  fc.constant(new LoginEnds()),
  fc.constant(new Logout()),
  fc.constant(new SignIn()),
  fc.constant(new OpenSecondTab()),
  fc.constant(new Reload()),
  fc.constant(new StockRunsOut()),
  which.map((w) => new AdminCancelsOrder(w)),
  fc.constant(new RoundFills()),
];

export const COMMANDS = EVERY_COMMAND.map((arbitrary) => arbitrary.map((c) => new Recorded(c)));

export { rememberUser };
