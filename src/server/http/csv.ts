// CSV for spreadsheets (RFC 4180): comma-separated, CRLF line ends, a field quoted when it
// holds a quote, comma, CR or LF, with its quotes doubled. Text that a spreadsheet would run as
// a formula (starting with = + - @, or a tab or CR that some programs skip before one) gets a
// leading apostrophe: OWASP "CSV Injection". Numbers are written as numbers.
import { Readable } from 'node:stream';

export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const safe = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/**
 * A stream of CSV text: the header line, then one line per row as the rows arrive, in chunks
 * of about 64 KiB so a long download is neither held in memory nor sent a line per write.
 */
export function csvStream<T>(
  header: readonly string[],
  rows: AsyncIterable<T> | Iterable<T>,
  cellsOf: (row: T) => readonly CsvCell[],
): Readable {
  async function* lines(): AsyncGenerator<string> {
    let chunk = csvLine(header);
    for await (const row of rows) {
      chunk += csvLine(cellsOf(row));
      if (chunk.length >= 64 * 1024) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk !== '') yield chunk;
  }
  return Readable.from(lines());
}

/** `attachment; filename="<name>-2026-11-25.csv"` for a download named after its day. */
export function csvAttachment(name: string, now: Date): string {
  return `attachment; filename="${name}-${now.toISOString().slice(0, 10)}.csv"`;
}
