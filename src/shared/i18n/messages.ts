// The message catalogues' shape. Each namespace is one JSON file per language under
// src/locales/<language>/<namespace>.json, a flat map of message id → ICU MessageFormat text;
// ids start with their namespace ("ordering.cart.added"). English (the spec's exact texts) is
// the source: its keys are the type every other language must match (npm run check compares
// keys and placeholders). The client loads a namespace with the screens that use it; the
// server reads 'rules' and 'server'.
import type account from '../../locales/en/account.json';
import type admin from '../../locales/en/admin.json';
import type common from '../../locales/en/common.json';
import type ordering from '../../locales/en/ordering.json';
import type rounds from '../../locales/en/rounds.json';
import type rules from '../../locales/en/rules.json';
import type server from '../../locales/en/server.json';
import type volunteer from '../../locales/en/volunteer.json';

export const NAMESPACES = [
  'common',
  'rules',
  'account',
  'ordering',
  'volunteer',
  'admin',
  'rounds',
  'server',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

type English = typeof common &
  typeof rules &
  typeof account &
  typeof ordering &
  typeof volunteer &
  typeof admin &
  typeof rounds &
  typeof server;

/** Every message the app can say. */
export type MessageId = Extract<keyof English, string>;

/** A namespace's own messages (the ids that start with it). */
export type NamespaceMessageId<N extends Namespace> = Extract<MessageId, `${N}.${string}`>;

/**
 * Values for a message's placeholders ({name}, {count, plural, …}). A value may itself be a
 * message, worded in the same language first (a rule's refusal that lists several refusals).
 */
export type MessageValues = Record<string, string | number | Date | Message>;

/** Values as a translator takes them: every nested message already worded. */
export type WordedValues = Record<string, string | number | Date>;

/**
 * A message to say later, in whichever language the reader has: shared rules return these
 * (the client renders them, the server translates them for the caller).
 */
export interface Message {
  id: MessageId;
  values?: MessageValues;
}

/** The values with each nested message worded by `word` (the translator's own `say`). */
export function wordValues(
  values: MessageValues | undefined,
  word: (text: Message) => string,
): WordedValues | undefined {
  if (values === undefined) return undefined;
  const worded: WordedValues = {};
  for (const [name, value] of Object.entries(values))
    worded[name] = typeof value === 'object' && !(value instanceof Date) ? word(value) : value;
  return worded;
}

/** A message with its values, ready to hand to a translator function. */
export function message(id: MessageId, values?: MessageValues): Message {
  return values === undefined ? { id } : { id, values };
}

/** Which namespace a message lives in (its id's first segment). */
export function namespaceOf(id: string): string {
  return id.split('.', 1)[0] ?? '';
}
