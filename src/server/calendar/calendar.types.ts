// The calendar area's shared shapes: a round of a volunteer's feed as the repository reads it
// (only the round's own fields: the feed shows no client's data), and who holds a feed link.
import type { LiveSignupStatus } from '../db/schema.ts';

export interface FeedRound {
  id: number;
  title: string;
  description: string | null;
  location: string | null;
  start_time: string;
  end_time: string;
  updated_at: string;
  signup_status: LiveSignupStatus;
}

/** A volunteer account and the current generation of its feed link (0 before any rotate). */
export interface FeedHolder {
  userId: number;
  generation: number;
  /** The account's users.language as stored (null: never chosen). */
  language: string | null;
}
