// Reading catalogue messages in tests (issue 21): the literal text a message shows whatever its
// values, and a pattern that finds a text as words of its own. The Spanish screen tests (jsdom)
// and the Spanish sweep (e2e) look for leftover English with these.

/**
 * The runs of literal text outside a message's {placeholders}, untrimmed. A plural's or a
 * select's cases sit inside its braces, so they are left out too.
 */
export function textOutsidePlaceholders(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '{') {
      if (depth === 0) parts.push(current);
      current = '';
      depth += 1;
    } else if (char === '}') depth -= 1;
    else if (depth === 0) current += char;
  }
  parts.push(current);
  return parts;
}

/** The text as a pattern that does not match inside a longer word ("Cancel" in "Cancelar"). */
export function asWords(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}])${escaped}(?![\\p{L}])`, 'u');
}
