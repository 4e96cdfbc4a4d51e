// Dates, times and numbers in the current language (beyond-spec.md section 4), by Intl. The
// formatters are made once per language and options (making one costs far more than using it).
import { currentLanguage } from './i18n.ts';

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<F>(cache: Map<string, F>, options: object, make: (language: string) => F): F {
  const language = currentLanguage();
  const key = `${language} ${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (format === undefined) {
    format = make(language);
    cache.set(key, format);
  }
  return format;
}

/** A date formatter in the current language (call it where the text is made, not at import). */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateFormats, options, (language) => new Intl.DateTimeFormat(language, options));
}

/** A date (or ISO text) in the current language. */
export function formatDate(value: Date | string, options: Intl.DateTimeFormatOptions): string {
  return dateFormat(options).format(typeof value === 'string' ? new Date(value) : value);
}

/** A number in the current language. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return cached(
    numberFormats,
    options,
    (language) => new Intl.NumberFormat(language, options),
  ).format(value);
}
