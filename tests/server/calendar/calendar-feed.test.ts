// Issue 19, beyond-spec.md section 3 "Calendar feed": the volunteer's secret feed link and the
// feed, read by a real RFC 5545 parser (ical.js). One VEVENT per upcoming round the volunteer
// holds a live sign-up on (CONFIRMED as CONFIRMED, WAITLISTED as TENTATIVE), nothing for a
// cancelled sign-up, a cancelled or ended round, or another volunteer's round; times in UTC;
// UIDs stable; no client's personal data even with an order on the round. Rotating makes a new
// link and the old one answers exactly like a path no route serves, as does any token the
// server did not make for the current generation of a current volunteer.
import path from 'node:path';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/kysely';
import { calendarKey } from '#server/calendar/calendar.repository';
import { calendarFileOf } from '#server/calendar/calendar-token';
import { FEED_STATE_TEXT } from '#server/calendar/calendar-feed';
import { LOCALES_DIR, readCatalogue } from '#server/i18n/catalogue-files';
import { loggableUrl, LOG_SERIALIZERS } from '#server/logging';
import { NOTIFICATION_PATHS } from '#shared/contracts/notifications';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import {
  createOrderOnRound,
  createSignup,
  createTestRound,
  type SignedInUser,
} from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { person, volunteerQuery } from '../rounds/rounds-helpers.ts';

const HOUR = 60 * 60 * 1000;
const SITE_TITLE = 'Harbor StreetMed';

interface Scene {
  volunteer: SignedInUser;
  other: SignedInUser;
  rounds: Record<'confirmed' | 'waitlisted' | 'cancelledSignup' | 'cancelledRound', number>;
  past: number;
  othersRound: number;
  secrets: string[];
}

async function scene(db: Db): Promise<Scene> {
  const volunteer = await person(db, 'VOLUNTEER', 'Vera');
  const other = await person(db, 'VOLUNTEER', 'Otto');
  const client = await person(db, 'CLIENT', 'Clementine');
  const round = (title: string, startsInMs: number, extra: object = {}) =>
    createTestRound(db, { title, startsInMs, location: 'Pier 4, north gate', ...extra });
  const rounds = {
    confirmed: await round('Harbor loop', 26 * HOUR, { description: 'Bring water' }),
    waitlisted: await round('Night outreach; bridge', 50 * HOUR),
    cancelledSignup: await round('Cancelled sign-up round', 30 * HOUR),
    cancelledRound: await round('Cancelled round', 40 * HOUR, { status: 'CANCELLED' }),
  };
  const past = await round('Last week', -7 * 24 * HOUR);
  const othersRound = await round('Otto only', 28 * HOUR);
  await createSignup(db, rounds.confirmed, volunteer.id, 'CONFIRMED');
  await createSignup(db, rounds.waitlisted, volunteer.id, 'WAITLISTED');
  await createSignup(db, rounds.cancelledSignup, volunteer.id, 'CANCELLED');
  await createSignup(db, rounds.cancelledRound, volunteer.id, 'CONFIRMED');
  await createSignup(db, past, volunteer.id, 'CONFIRMED');
  await createSignup(db, othersRound, other.id, 'CONFIRMED');
  const address = '77 Hidden Courtyard, Apt 9';
  const phone = '5553141592';
  const notes = 'Knock on the blue door';
  await createOrderOnRound(db, rounds.confirmed, {
    userId: client.id,
    deliveryAddress: address,
    phoneNumber: phone,
    notes,
  });
  await createOrderOnRound(db, rounds.waitlisted, {
    userId: null,
    deliveryAddress: address,
    phoneNumber: phone,
  });
  return {
    volunteer,
    other,
    rounds,
    past,
    othersRound,
    secrets: [address, phone, notes, client.username, client.email, 'Clementine'],
  };
}

interface Event {
  uid: string;
  summary: string;
  location: string;
  description: string;
  status: unknown;
  start: ICAL.Time;
  end: ICAL.Time;
  url: unknown;
}

function eventsOf(text: string): { calendar: ICAL.Component; events: Event[] } {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      description: event.description,
      status: vevent.getFirstPropertyValue('status'),
      start: event.startDate,
      end: event.endDate,
      url: vevent.getFirstPropertyValue('url'),
    };
  });
  return { calendar, events };
}

describe.each(testDialects())('the calendar feed (%s)', (dialect) => {
  const server = useTestServer(dialect, {
    siteTitle: SITE_TITLE,
    publicUrl: 'https://supply.example.org',
  });
  let db: Db;
  let s: Scene;
  beforeAll(async () => {
    db = server.app.ctx.opened.db;
    s = await scene(db);
  });

  const linkOf = async (who: SignedInUser): Promise<string> => {
    const res = await call(server.app, 'GET', NOTIFICATION_PATHS.calendarLink, { as: who });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ status: string; url: string }>();
    expect(body.status).toBe('success');
    return body.url;
  };
  /** The feed fetched as a calendar app would: no cookie, by the URL's path. */
  const fetchFeed = (url: string) => call(server.app, 'GET', new URL(url).pathname);
  /** What a path no route serves answers: every refused token must answer the same. */
  const noSuchPath = async () => {
    const res = await call(server.app, 'GET', '/api/calendar-nothing/here.ics');
    expect(res.statusCode).toBe(404);
    return res.body;
  };
  const expectNoFeed = async (path: string) => {
    const res = await call(server.app, 'GET', path);
    expect(res.statusCode, path).toBe(404);
    expect(res.headers['content-type'], path).toMatch(/^application\/json/);
    expect(res.body, path).toBe(await noSuchPath());
  };

  it('gives a volunteer one secret https link under PUBLIC_URL, the same on every call', async () => {
    const first = await linkOf(s.volunteer);
    expect(first).toMatch(
      /^https:\/\/supply\.example\.org\/api\/calendar\/[A-Za-z0-9_-]{54}\.ics$/,
    );
    expect(await linkOf(s.volunteer)).toBe(first);
    // With the spec's claims in the query too, and another volunteer gets another link.
    const claimed = await call(
      server.app,
      'GET',
      `${NOTIFICATION_PATHS.calendarLink}?${volunteerQuery(s.volunteer)}`,
      { as: s.volunteer },
    );
    expect(claimed.json<{ url: string }>().url).toBe(first);
    expect(await linkOf(s.other)).not.toBe(first);
  });

  it('serves the upcoming CONFIRMED and WAITLISTED rounds as RFC 5545 events, and nothing else', async () => {
    const res = await fetchFeed(await linkOf(s.volunteer));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.headers['set-cookie']).toBeUndefined();
    const { calendar, events } = eventsOf(res.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toContain(SITE_TITLE);
    expect(res.body).toMatch(/^REFRESH-INTERVAL;VALUE=DURATION:PT\d+[HM]\r$/m);

    const host = 'supply.example.org';
    const uidOf = (roundId: number) => `round-${roundId}-${s.volunteer.id}@${host}`;
    expect(events.map((e) => e.uid).sort()).toEqual(
      [uidOf(s.rounds.confirmed), uidOf(s.rounds.waitlisted)].sort(),
    );
    const rows = await db
      .selectFrom('rounds')
      .selectAll()
      .where('id', 'in', [s.rounds.confirmed, s.rounds.waitlisted])
      .execute();
    for (const row of rows) {
      const event = events.find((e) => e.uid === uidOf(row.id));
      expect(event?.summary).toBe(row.title);
      expect(event?.location).toBe(row.location);
      expect(event?.url).toBe('https://supply.example.org/');
      // UTC date-times (…Z), the very instants stored.
      for (const [time, stored] of [
        [event?.start, row.start_time],
        [event?.end, row.end_time],
      ] as const) {
        expect(time?.isDate).toBe(false);
        expect(time?.zone.tzid).toBe('UTC');
        expect(time?.toJSDate().getTime()).toBe(Date.parse(stored) - (Date.parse(stored) % 1000));
      }
    }
    const confirmed = events.find((e) => e.uid === uidOf(s.rounds.confirmed));
    const waitlisted = events.find((e) => e.uid === uidOf(s.rounds.waitlisted));
    expect(confirmed?.status).toBe('CONFIRMED');
    expect(confirmed?.description).toBe(`Bring water\n\n${FEED_STATE_TEXT.CONFIRMED}`);
    expect(waitlisted?.status).toBe('TENTATIVE');
    expect(waitlisted?.description).toBe(FEED_STATE_TEXT.WAITLISTED);
    expect(res.body).toMatch(/^DTSTART:\d{8}T\d{6}Z\r$/m);
  });

  it('speaks the owner’s language: Spanish for an account that chose it, read at each fetch', async () => {
    const es = readCatalogue(path.join(LOCALES_DIR, 'es', 'server.json'));
    const setLanguage = (language: string | null) =>
      db.updateTable('users').set({ language }).where('id', '=', s.volunteer.id).execute();
    const url = await linkOf(s.volunteer);
    await setLanguage('es');
    try {
      const { calendar, events } = eventsOf((await fetchFeed(url)).body);
      expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(
        es['server.calendar.name']?.replace('{site}', SITE_TITLE),
      );
      const byId = (id: number) => events.find((e) => e.uid.startsWith(`round-${id}-`));
      expect(byId(s.rounds.confirmed)?.description).toBe(
        `Bring water\n\n${es['server.rounds.signupConfirmed']}`,
      );
      expect(byId(s.rounds.waitlisted)?.description).toBe(es['server.rounds.signupWaitlisted']);
      // The round's own title is the admin's text; the feed's words are Spanish only.
      expect(byId(s.rounds.confirmed)?.summary).toBe('Harbor loop');
    } finally {
      await setLanguage(null);
    }
    const english = eventsOf((await fetchFeed(url)).body);
    expect(english.calendar.getFirstPropertyValue('x-wr-calname')).toBe(`${SITE_TITLE}: my rounds`);
    expect(english.events.map((e) => e.description).sort()).toEqual(
      [
        'Bring water\n\nYou are signed up for this round.',
        'The round is full: you are on the waitlist.',
      ].sort(),
    );
  });

  it('holds no personal data of any client, though orders with addresses sit on the rounds', async () => {
    const res = await fetchFeed(await linkOf(s.volunteer));
    expect(res.statusCode).toBe(200);
    // Unfolded (RFC 5545 folds long lines), so a folded secret cannot hide from the check.
    const text = res.body.replace(/\r\n[ \t]/g, '');
    expect(s.secrets.filter((secret) => text.includes(secret))).toEqual([]);
  });

  it('keeps every UID across fetches, and leaves other volunteers’ rounds to them', async () => {
    const url = await linkOf(s.volunteer);
    const uids = async (u: string) =>
      eventsOf((await fetchFeed(u)).body)
        .events.map((e) => e.uid)
        .sort();
    const first = await uids(url);
    expect(first).toHaveLength(2);
    expect(await uids(url)).toEqual(first);
    const others = await uids(await linkOf(s.other));
    expect(others).toEqual([`round-${s.othersRound}-${s.other.id}@supply.example.org`]);
  });

  it('rotates: a new link works, the old one answers like a path no route serves', async () => {
    const fresh = await person(db, 'VOLUNTEER', 'Rory');
    const roundId = await createTestRound(db, { startsInMs: 30 * HOUR });
    await createSignup(db, roundId, fresh.id);
    const old = await linkOf(fresh);
    expect((await fetchFeed(old)).statusCode).toBe(200);

    const rotated = await call(server.app, 'POST', NOTIFICATION_PATHS.calendarRotate, {
      as: fresh,
      headers: { 'idempotency-key': 'rotate-once' },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const next = rotated.json<{ status: string; url: string }>();
    expect(next.status).toBe('success');
    expect(next.url).not.toBe(old);
    expect(await linkOf(fresh)).toBe(next.url);
    await expectNoFeed(new URL(old).pathname);
    const now = await fetchFeed(next.url);
    expect(now.statusCode).toBe(200);
    expect(eventsOf(now.body).events.map((e) => e.uid)).toEqual([
      `round-${roundId}-${fresh.id}@supply.example.org`,
    ]);

    // A resent rotate (its reply lost) makes no third link; the stored reply holds no link.
    const again = await call(server.app, 'POST', NOTIFICATION_PATHS.calendarRotate, {
      as: fresh,
      headers: { 'idempotency-key': 'rotate-once' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ url: string }>().url).toBe('');
    expect(await linkOf(fresh)).toBe(next.url);
    const stored = await db
      .selectFrom('idempotency_keys')
      .select('reply_json')
      .where('key', '=', 'rotate-once')
      .execute();
    expect(stored.map((r) => r.reply_json).join()).not.toContain(new URL(next.url).pathname);
  });

  it('answers forged, garbled and stale tokens exactly like a path no route serves', async () => {
    const url = await linkOf(s.volunteer);
    const path = new URL(url).pathname;
    const token = path.slice('/api/calendar/'.length, -'.ics'.length);
    const key = await calendarKey(db);
    const client = await person(db, 'CLIENT', 'Cleo');
    const admin = await person(db, 'ADMIN', 'Adam');
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const bad = [
      `/api/calendar/${flip(token, 40)}.ics`, // the MAC
      `/api/calendar/${flip(token, 2)}.ics`, // the user id
      `/api/calendar/${token}`, // no .ics
      `/api/calendar/${token}.ICS`,
      `/api/calendar/${token.slice(0, -1)}.ics`,
      `/api/calendar/${token}A.ics`,
      `/api/calendar/${'A'.repeat(54)}.ics`,
      '/api/calendar/.ics',
      // As long as a path parameter may be (longer ones are a 414 on every route).
      `/api/calendar/${'x'.repeat(96)}.ics`,
      `/api/calendar/${encodeURIComponent('../rounds/my-rounds')}.ics`,
      // Made with the real key, but for a generation not issued yet, or for a non-volunteer.
      `/api/calendar/${calendarFileOf(key, { userId: s.volunteer.id, generation: 7 })}`,
      `/api/calendar/${calendarFileOf(key, { userId: client.id, generation: 0 })}`,
      `/api/calendar/${calendarFileOf(key, { userId: admin.id, generation: 0 })}`,
      `/api/calendar/${calendarFileOf(key, { userId: 2 ** 31, generation: 0 })}`,
    ];
    for (const p of bad) await expectNoFeed(p);
    // A key the server does not hold makes nothing either.
    const otherKey = Buffer.alloc(32, 7);
    await expectNoFeed(
      `/api/calendar/${calendarFileOf(otherKey, { userId: s.volunteer.id, generation: 0 })}`,
    );
    expect((await call(server.app, 'GET', path)).statusCode).toBe(200);
  });

  it('stops a volunteer’s link when the account is no longer a volunteer', async () => {
    const leaving = await person(db, 'VOLUNTEER', 'Lee');
    const url = await linkOf(leaving);
    expect((await fetchFeed(url)).statusCode).toBe(200);
    await db.updateTable('users').set({ role: 'CLIENT' }).where('id', '=', leaving.id).execute();
    await expectNoFeed(new URL(url).pathname);
  });
});

describe('the request log', () => {
  it('never shows a feed token: the path is redacted, other URLs are kept', () => {
    const token = 'A'.repeat(54);
    expect(loggableUrl(`/api/calendar/${token}.ics`)).toBe('/api/calendar/[redacted]');
    expect(loggableUrl(`/api/calendar/${token}.ics?x=1`)).toBe('/api/calendar/[redacted]?x=1');
    expect(loggableUrl('/api/rounds/my-rounds?userId=4')).toBe('/api/rounds/my-rounds?userId=4');
    const logged = LOG_SERIALIZERS.req({
      method: 'GET',
      url: `/api/calendar/${token}.ics`,
      host: 'supply.example.org',
      ip: '127.0.0.1',
      socket: { remotePort: 5 },
    });
    expect(JSON.stringify(logged)).not.toContain(token);
    expect(logged).toMatchObject({ method: 'GET', url: '/api/calendar/[redacted]' });
  });
});
