// The spec's English of a shared rule's message (rules return message ids: issue 21), so a test
// can compare what a screen or a reply says with the rule's text.
import type { Message } from '#shared/i18n/messages';
import { say } from '#server/i18n/translator';

export function english(text: Message): string {
  return say('en', text);
}

/** A check's result in English: its message's text, or null when it passed. */
export function englishOf(text: Message | null | undefined): string | null {
  return text === null || text === undefined ? null : english(text);
}

/** Each field's refusal in English. */
export function englishFields(errors: Partial<Record<string, Message>>): Record<string, string> {
  const worded: Record<string, string> = {};
  for (const [field, text] of Object.entries(errors))
    if (text !== undefined) worded[field] = english(text);
  return worded;
}

/** A contract's table of messages (EMAIL_MESSAGES, …) as its English texts, key by key. */
export function englishTable<K extends string>(table: Record<K, Message>): Record<K, string> {
  const worded = {} as Record<K, string>;
  for (const key of Object.keys(table) as K[]) worded[key] = english(table[key]);
  return worded;
}
