// A success reply's `message`, worded like a refusal: in the language the request is answered
// in (requestLanguage: Accept-Language, else the account's choice, else English).
import type { FastifyRequest } from 'fastify';
import { message, type Message, type MessageId, type MessageValues } from '#shared/i18n/messages';
import { requestLanguage } from './request-language.ts';
import { say } from './translator.ts';

/** The message (or the message with this id and values) in the caller's language. */
export function sayTo(request: FastifyRequest, text: Message | MessageId, values?: MessageValues) {
  return say(requestLanguage(request), typeof text === 'string' ? message(text, values) : text);
}
