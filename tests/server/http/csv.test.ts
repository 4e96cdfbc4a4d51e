// CSV writing (RFC 4180) and its guard against spreadsheet formula injection (OWASP "CSV
// Injection"): a cell starting with = + - @ (or tab / CR) is never read as a formula.
import { describe, expect, it } from 'vitest';
import { csvAttachment, csvField, csvLine, csvStream } from '#server/http/csv';

describe('csvField', () => {
  it('writes plain text and numbers as they are, null as empty', () => {
    expect(csvField('Gauze pads')).toBe('Gauze pads');
    expect(csvField(42)).toBe('42');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('quotes a field holding a comma, quote, CR or LF and doubles its quotes (RFC 4180)', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line1\nline2')).toBe('"line1\nline2"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
    ['=1,2', `"'=1,2"`],
  ])('disarms a formula: %j', (cell, written) => {
    expect(csvField(cell)).toBe(written);
  });

  it('leaves text with a formula sign inside it alone', () => {
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('user@example.org')).toBe('user@example.org');
  });
});

describe('csvLine and csvStream', () => {
  it('ends every line with CRLF', () => {
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });

  it('streams the header and every row, however many', async () => {
    async function* rows() {
      for (let i = 0; i < 5000; i++) yield { n: i, text: `row ${i}, with comma` };
    }
    const stream = csvStream(['n', 'text'], rows(), (r) => [r.n, r.text]);
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('n,text');
    expect(lines[1]).toBe('0,"row 0, with comma"');
    expect(lines[5000]).toBe('4999,"row 4999, with comma"');
    expect(lines).toHaveLength(5002); // the last CRLF leaves an empty tail
  });

  it('names the download after its day', () => {
    expect(csvAttachment('audit', new Date('2026-11-25T23:00:00Z'))).toBe(
      'attachment; filename="audit-2026-11-25.csv"',
    );
  });
});
