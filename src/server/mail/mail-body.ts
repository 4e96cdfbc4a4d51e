// A mail's text and HTML parts from the same lines (issue 21: the code and approval mails, in
// the recipient's language): '' separates paragraphs; in the HTML every text is escaped, each
// paragraph is a <p> (its lines joined by <br>), links are made clickable, and <html lang>
// names the language the words are in.
import type { Language } from '#shared/i18n/languages';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe inside HTML text and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** An escaped line with its http(s) links as anchors (a link ends at a space or a quote). */
function linked(line: string): string {
  return escapeHtml(line).replace(
    /https?:\/\/[^\s<]+?(?=&quot;|&#39;|\s|<|$)/g,
    (url) => `<a href="${url}">${url}</a>`,
  );
}

function paragraphsOf(lines: readonly string[]): string[][] {
  const paragraphs: string[][] = [[]];
  for (const line of lines) {
    if (line === '') paragraphs.push([]);
    else paragraphs.at(-1)?.push(line.trim());
  }
  return paragraphs.filter((p) => p.length > 0);
}

export function mailBody(
  language: Language,
  lines: readonly string[],
): { text: string; html: string } {
  const html = [
    '<!doctype html>',
    `<html lang="${language}"><body>`,
    ...paragraphsOf(lines).map((p) => `<p>${p.map(linked).join('<br>\n')}</p>`),
    '</body></html>',
  ].join('\n');
  return { text: lines.join('\n'), html };
}
