// A request zod refused, as a refusal in the caller's language (issue 21): the first issue,
// naming its field ("quantity: …"), worded from server.json by the issue's kind (missing,
// wrong type, too short/long, too small/big, not one of the options, bad format). English keeps
// the words clients and tests already read: a contract's own message ("title: must be text")
// stays as the contract wrote it; zod's own defaults become the catalogue's English, which
// keeps zod's wording where callers read it (wrong type, number too small/big). Other languages
// always get the catalogue's message of the issue's kind; a contract's message made with
// issueText (shared/i18n/issue-messages.ts) is a catalogue message, its own words in each.
import { z, type ZodError } from 'zod';
import { ID_RULE, MAX_ID } from '#shared/contracts/ids';
import { issueMessage } from '#shared/i18n/issue-messages';
import { message, type Message } from '#shared/i18n/messages';
import { AppError } from '../errors.ts';

type Issue = z.core.$ZodIssue;

/** zod's own English for an issue (`input` is there when parsed with reportInput). */
const zodEnglish = z.locales.en().localeError;

function zodDefaultOf(issue: Issue): string | undefined {
  const said = zodEnglish(issue as z.core.$ZodRawIssue);
  return typeof said === 'string' ? said : said?.message;
}

/** A contract's own message, as opposed to zod's default for the issue. */
function isContractMessage(issue: Issue): boolean {
  return issue.message !== zodDefaultOf(issue);
}

/** The type zod names for a value ("string", "array", "null", "NaN"…), as its English does. */
function typeNameOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return typeof value;
}

/** The issue's input, when the parse reported it (reportInput). */
function inputOf(issue: Issue): { present: boolean; value: unknown } {
  return 'input' in issue ? { present: true, value: issue.input } : { present: false, value: '' };
}

function sizeMessage(issue: Issue & { code: 'too_small' | 'too_big' }, field: string): Message {
  const small = issue.code === 'too_small';
  const limit = String(small ? issue.minimum : issue.maximum);
  const inclusive = String(issue.inclusive ?? true);
  if (issue.origin === 'string')
    return small
      ? message('server.validation.tooShort', { field, minimum: Number(limit) })
      : message('server.validation.tooLong', { field, maximum: Number(limit) });
  if (issue.origin === 'array' || issue.origin === 'set')
    return small
      ? message('server.validation.tooFewItems', { field, minimum: Number(limit) })
      : message('server.validation.tooManyItems', { field, maximum: Number(limit) });
  if (issue.origin === 'number' || issue.origin === 'int')
    return small
      ? message('server.validation.tooSmallNumber', { field, minimum: limit, inclusive })
      : message('server.validation.tooBigNumber', { field, maximum: limit, inclusive });
  return message('server.validation.invalid', { field });
}

/** The catalogue's message for an issue of a named field. */
function kindMessage(issue: Issue, field: string): Message {
  switch (issue.code) {
    case 'invalid_type': {
      const input = inputOf(issue);
      // Parsed without reportInput (a handler's own parse): missing and wrong look alike.
      if (!input.present) return message('server.validation.invalid', { field });
      if (input.value === undefined) return message('server.validation.required', { field });
      const received = typeNameOf(input.value);
      return message('server.validation.wrongType', { field, expected: issue.expected, received });
    }
    case 'too_small':
    case 'too_big':
      return sizeMessage(issue, field);
    case 'invalid_value': {
      const options = issue.values.map((v) => JSON.stringify(v)).join(', ');
      return message('server.validation.notOneOf', { field, options });
    }
    case 'invalid_format':
      return message('server.validation.badFormat', { field, format: issue.format });
    // The rarer kinds (a refinement's own check, a union, unknown keys…): "is not valid".
    case 'custom':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'not_multiple_of':
    case 'unrecognized_keys':
      return message('server.validation.invalid', { field });
  }
}

/** The 400 for a request zod refused (parse with reportInput to tell a missing field apart). */
export function zodRefusal(error: ZodError): AppError {
  const issue = error.issues[0];
  if (issue === undefined) return new AppError('BAD_REQUEST', message('server.validation.request'));
  const field = issue.path.map(String).join('.');
  // A contract's own message made with issueText: its words in every language.
  const own = issueMessage(issue.message);
  if (own !== undefined)
    return new AppError(
      'BAD_REQUEST',
      field === '' ? own : message('server.validation.fieldRefusal', { field, refusal: own }),
    );
  // The one id rule (shared/contracts/ids.ts), its English exactly as the contract words it.
  if (issue.message === ID_RULE && field !== '')
    return new AppError(
      'BAD_REQUEST',
      message('server.errors.badId', { field, max: String(MAX_ID) }),
      {},
      `${field}: ${ID_RULE}`,
    );
  const said = field === '' ? message('server.validation.request') : kindMessage(issue, field);
  if (!isContractMessage(issue)) return new AppError('BAD_REQUEST', said);
  const english = field === '' ? issue.message : `${field}: ${issue.message}`;
  return new AppError('BAD_REQUEST', said, {}, english);
}
