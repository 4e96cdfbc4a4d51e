// The soak's mixed workload on autocannon: every request is chosen when a connection is free
// (catalogue reads, client orders, completions, sign-ups and their cancellations, admin
// lists). Writes go as the web client sends them: the JSON sealed for the user's secure
// session, with the login cookie and a fresh Idempotency-Key. Replies feed the next requests
// (a new order can be completed, a sign-up cancelled), and each kind keeps its own counts and
// latencies beside autocannon's totals.
import { randomInt, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type { Identity, SoakWorld } from './seed.ts';
import { openText, sealText } from './sealed-body.ts';

export const KINDS = [
  'catalogue',
  'order',
  'complete',
  'signup',
  'cancel-signup',
  'admin-list',
] as const;
export type Kind = (typeof KINDS)[number];

/** Share of requests per kind (signup stands for a sign-up or a cancellation, whichever is due). */
const WEIGHTS: [Kind, number][] = [
  ['catalogue', 30],
  ['order', 25],
  ['complete', 15],
  ['signup', 15],
  ['admin-list', 15],
];
const ADMIN_LISTS = ['/api/admin/users', '/api/admin/rounds/all', '/api/volunteer/applications'];

export interface KindStats {
  /** Requests sent; those never answered (timeouts, or in flight at the end) are sent - count. */
  sent: number;
  count: number;
  non2xx: number;
  codes: Record<string, number>;
  latenciesMs: number[];
}

export interface SoakResult {
  total: autocannon.Result;
  byKind: Map<Kind, KindStats>;
}

interface RequestContext {
  kind?: Kind;
  sentAt?: number;
  volunteer?: Identity;
  roundId?: number;
  key?: Buffer;
}

interface Signup {
  volunteer: Identity;
  roundId: number;
  signupId: number;
}

interface Built {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The AES key of a sealed request: its reply is sealed with it too. */
  key?: Buffer;
}

/** Chooses and builds the next request, and learns from the replies. */
class Scheduler {
  private readonly toComplete: number[];
  private completeHead = 0;
  private readonly idle: { volunteer: Identity; roundId: number }[];
  private readonly signedUp: Signup[] = [];
  private turn = 0;

  constructor(private readonly world: SoakWorld) {
    this.toComplete = [...world.waitingOrderIds];
    this.idle = world.volunteers.map((volunteer, i) => ({
      volunteer,
      roundId: world.cycleRoundIds[i % world.cycleRoundIds.length] ?? 0,
    }));
  }

  private next<T>(list: readonly T[]): T {
    this.turn += 1;
    const item = list[this.turn % list.length];
    if (item === undefined) throw new Error('empty list');
    return item;
  }

  private pickKind(): Kind {
    let roll = randomInt(100);
    for (const [kind, weight] of WEIGHTS) {
      if (roll < weight) return kind;
      roll -= weight;
    }
    return 'catalogue';
  }

  private sealed(who: Identity, method: Built['method'], path: string, body: object): Built {
    return {
      method,
      path,
      headers: {
        cookie: who.cookie,
        'content-type': 'text/plain;charset=UTF-8',
        'x-session-id': who.sessionId,
        'idempotency-key': randomUUID(),
      },
      body: sealText(who.key, JSON.stringify(body)),
      key: who.key,
    };
  }

  private order(): Built {
    const client = this.next(this.world.clients);
    const names = this.world.orderableNames;
    const items = Array.from({ length: 1 + randomInt(3) }, () => ({
      itemName: names[randomInt(names.length)] ?? '',
      quantity: 1 + randomInt(3),
    }));
    return this.sealed(client, 'POST', '/api/orders/create', {
      authenticated: true,
      userId: client.userId,
      userRole: 'CLIENT',
      deliveryAddress: '12 Harbour St',
      phoneNumber: '5551234567',
      notes: 'Soak order',
      items,
    });
  }

  private claims(v: Identity) {
    return { authenticated: true, userId: v.userId, userRole: 'VOLUNTEER' };
  }

  private adminList(): Built {
    const admin = this.world.admin;
    const path = this.next(ADMIN_LISTS);
    return {
      method: 'GET',
      path: `${path}?authenticated=true&adminUsername=${admin.username}`,
      headers: { cookie: admin.cookie, 'admin-username': admin.username },
    };
  }

  /** The request for a free connection, and what its reply handler needs to know. */
  build(ctx: RequestContext): Built {
    let kind = this.pickKind();
    if (kind === 'complete' && this.completeHead >= this.toComplete.length) kind = 'signup';
    if (kind === 'signup' && this.signedUp.length > this.idle.length) kind = 'cancel-signup';
    if (kind === 'signup' && this.idle.length === 0) kind = 'catalogue';
    if (kind === 'cancel-signup' && this.signedUp.length === 0) kind = 'catalogue';
    ctx.kind = kind;
    switch (kind) {
      case 'catalogue':
        return { method: 'GET', path: '/api/cargo/items', headers: {} };
      case 'order':
        return this.order();
      case 'admin-list':
        return this.adminList();
      case 'complete': {
        const v = this.next(this.world.volunteers);
        const orderId = this.toComplete[this.completeHead++];
        return this.sealed(v, 'PUT', `/api/orders/${orderId}/status`, {
          ...this.claims(v),
          status: 'COMPLETED',
        });
      }
      case 'signup': {
        const slot = this.idle.pop()!;
        ctx.volunteer = slot.volunteer;
        ctx.roundId = slot.roundId;
        return this.sealed(slot.volunteer, 'POST', `/api/rounds/${slot.roundId}/signup`, {
          ...this.claims(slot.volunteer),
          requestedRole: 'VOLUNTEER',
        });
      }
      case 'cancel-signup': {
        const signup = this.signedUp.pop()!;
        ctx.volunteer = signup.volunteer;
        ctx.roundId = signup.roundId;
        return this.sealed(signup.volunteer, 'DELETE', `/api/rounds/signup/${signup.signupId}`, {
          ...this.claims(signup.volunteer),
        });
      }
    }
  }

  /** Feeds a reply back: new orders can be completed, sign-ups cancelled, volunteers reused. */
  learn(ctx: RequestContext, status: number, body: string): void {
    const ok = status >= 200 && status < 300;
    const key = ctx.key;
    const reply = () =>
      JSON.parse(key === undefined ? body : openText(key, body)) as Record<string, unknown>;
    if (ctx.kind === 'order' && ok) {
      this.toComplete.push(Number(reply().orderId));
    }
    const volunteer = ctx.volunteer;
    if (volunteer === undefined || ctx.roundId === undefined) return;
    if (ctx.kind === 'signup' && ok) {
      this.signedUp.push({ volunteer, roundId: ctx.roundId, signupId: Number(reply().signupId) });
    } else {
      this.idle.push({ volunteer, roundId: ctx.roundId });
    }
  }
}

function emptyStats(): KindStats {
  return { sent: 0, count: 0, non2xx: 0, codes: {}, latenciesMs: [] };
}

/**
 * One workload over a world: runs share the scheduler, so a warm-up run and the measured run
 * never complete the same order twice or lose track of a sign-up.
 */
export class SoakLoad {
  private readonly scheduler: Scheduler;

  constructor(world: SoakWorld) {
    this.scheduler = new Scheduler(world);
  }

  async run(
    baseUrl: string,
    options: { connections: number; seconds: number },
  ): Promise<SoakResult> {
    const byKind = new Map<Kind, KindStats>(KINDS.map((k) => [k, emptyStats()]));
    const total = await autocannon({
      url: baseUrl,
      connections: options.connections,
      duration: options.seconds,
      timeout: 10,
      requests: [
        {
          setupRequest: (request, context) => {
            const ctx = context as RequestContext;
            const { key, ...built } = this.scheduler.build(ctx);
            ctx.key = key;
            ctx.sentAt = performance.now();
            const stats = byKind.get(ctx.kind ?? 'catalogue');
            if (stats !== undefined) stats.sent += 1;
            return { ...request, ...built };
          },
          onResponse: (status, body, context) => {
            const ctx = context as RequestContext;
            const stats = byKind.get(ctx.kind ?? 'catalogue') ?? emptyStats();
            stats.count += 1;
            stats.latenciesMs.push(performance.now() - (ctx.sentAt ?? performance.now()));
            stats.codes[status] = (stats.codes[status] ?? 0) + 1;
            if (status < 200 || status >= 300) stats.non2xx += 1;
            this.scheduler.learn(ctx, status, body);
          },
        },
      ],
    });
    return { total, byKind };
  }
}
