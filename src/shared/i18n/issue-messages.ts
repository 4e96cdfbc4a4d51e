// A contract's own refusal for a zod check, as a message (issue 21). zod keeps an issue's
// message as a string, so a check carries the message's id (issueText) and this table gives
// the message back, values and all (issueMessage): the server words it in the caller's
// language (server/plugins/zod-refusal.ts). One message per id: the contracts' tables say
// each refusal once.
import type { Message } from './messages.ts';

const byId = new Map<string, Message>();

/** The text a zod check carries for this message: its id, remembered with its values. */
export function issueText(text: Message): string {
  byId.set(text.id, text);
  return text.id;
}

/** The message a zod issue's text stands for, when a contract made it with issueText. */
export function issueMessage(issueText: string): Message | undefined {
  return byId.get(issueText);
}
