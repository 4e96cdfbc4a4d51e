// One cell's world, made fresh straight in the database so that no cell depends on what an
// earlier one changed: a round 2 h ahead with the confirmed volunteer CONFIRMED and the bystander
// WAITLISTED on it, the victim's PENDING order on that round (its address, phone and notes
// are the private data other callers must not see), a pending volunteer application, a
// catalogue item, a stored image and a VOLUNTEER account (no password) for the admin's user
// actions.
import { randomBytes } from 'node:crypto';
import type { Db } from '#server/db/kysely';
import { calendarKey } from '#server/calendar/calendar.repository';
import { currentCalendarFile } from '#server/calendar/calendar.service';
import {
  createCatalogueItem,
  createOrderOnRound,
  createSignup,
  createTestRound,
  createUser,
  uniqueUsername,
} from '../../support/factories.ts';
import type { Cast } from './cast.ts';

export interface Scene {
  roundId: number;
  /** The confirmed volunteer's sign-up on the round. */
  confirmedSignupId: number;
  /** The bystander's WAITLISTED sign-up on the round. */
  waitlistedSignupId: number;
  /** The victim client's order on the round. */
  orderId: number;
  applicationId: number;
  itemId: number;
  imageId: string;
  target: { id: number; username: string; email: string };
  /** The victim's private data as it is now: order address, phone, notes, account email. */
  secrets: string[];
  /** Letters no other scene has, for fresh names and emails. */
  unique: string;
  /** The confirmed volunteer's current calendar feed file (`<token>.ics`): the round is on it. */
  calendarFile: string;
}

function digits(n: number): string {
  return Array.from(randomBytes(n), (b) => String(b % 10)).join('');
}

async function insertApplication(db: Db, unique: string): Promise<number> {
  const row = await db
    .insertInto('volunteer_applications')
    .values({
      first_name: 'Ada',
      last_name: 'Applicant',
      email: `${unique}@apply.example.org`,
      phone: '5551112222',
      notes: null,
      status: 'PENDING',
      submission_date: new Date().toISOString(),
      decided_at: null,
      decided_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A stored image: the bytes are served as they are, so any bytes do. */
async function insertImage(db: Db): Promise<string> {
  const id = randomBytes(12).toString('hex');
  const bytes = new Uint8Array(randomBytes(32));
  await db
    .insertInto('images')
    .values({
      id,
      content_type: 'image/webp',
      bytes,
      thumb_content_type: 'image/webp',
      thumb_bytes: bytes,
      width: 1,
      height: 1,
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

export async function createScene(db: Db, cast: Cast): Promise<Scene> {
  const unique = uniqueUsername('scene');
  // Starts in 2 h: inside the address window, so its confirmed volunteer sees the victim's data.
  const roundId = await createTestRound(db, { maxParticipants: 5, startsInMs: 2 * 60 * 60 * 1000 });
  const confirmedSignupId = await createSignup(db, roundId, cast.volunteerConfirmed.id);
  const waitlistedSignupId = await createSignup(db, roundId, cast.bystander.id, 'WAITLISTED');
  const address = `${digits(4)} Victim Lane ${unique}`;
  const phone = `555${digits(7)}`;
  const notes = `Private note ${unique}`;
  const orderId = await createOrderOnRound(db, roundId, {
    userId: cast.client.id,
    deliveryAddress: address,
    phoneNumber: phone,
    notes,
  });
  const target = await createUser(db, {
    role: 'VOLUNTEER',
    password: null,
    username: uniqueUsername('target'),
  });
  return {
    roundId,
    confirmedSignupId,
    waitlistedSignupId,
    orderId,
    applicationId: await insertApplication(db, unique),
    itemId: (await createCatalogueItem(db)).id,
    imageId: await insertImage(db),
    target: { id: target.id, username: target.username, email: target.email },
    secrets: [address, phone, notes, cast.client.email],
    unique,
    calendarFile: await currentCalendarFile(db, await calendarKey(db), cast.volunteerConfirmed.id),
  };
}
