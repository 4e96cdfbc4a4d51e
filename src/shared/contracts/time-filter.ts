// The `from` / `to` filters of the admin's lists and downloads (audit log, reports): an
// instant (ISO 8601 with a zone) or a UTC day (YYYY-MM-DD), read as an ISO instant. A day
// given as `to` includes the whole day.
import { z } from 'zod';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;
const DAY_MS = 24 * 60 * 60 * 1000;
export const TIME_FILTER_MESSAGE = 'must be a date (YYYY-MM-DD) or an ISO 8601 time';

function instant(endOfDay: boolean) {
  return z.string().transform((text, ctx) => {
    const dayOnly = text.length === 10;
    const time = ISO_INSTANT.test(text) ? Date.parse(dayOnly ? `${text}T00:00:00Z` : text) : NaN;
    if (Number.isNaN(time)) {
      ctx.addIssue({ code: 'custom', message: TIME_FILTER_MESSAGE });
      return z.NEVER;
    }
    return new Date(dayOnly && endOfDay ? time + DAY_MS - 1 : time).toISOString();
  });
}

/** `from`: the start of a day, or the instant itself. */
export const fromFilter = instant(false);
/** `to`: the end of a day, or the instant itself. */
export const toFilter = instant(true);
