// A username for an approved applicant who has no account: their name in English letters only
// (usernames are letters only), made unique with a letter suffix (a, b, … z, aa, ab, …).
const MAX_BASE = 40;

function capitalised(name: string): string {
  // Accents are split off (NFD) and dropped with every other non-letter: 'José' → 'Jose'.
  const letters = name.normalize('NFD').replace(/[^A-Za-z]/g, '');
  return letters.charAt(0).toUpperCase() + letters.slice(1).toLowerCase();
}

export function usernameBaseOf(firstName: string, lastName: string): string {
  const base = `${capitalised(firstName)}${capitalised(lastName)}`.slice(0, MAX_BASE);
  return base === '' ? 'Volunteer' : base;
}

/** 1 → 'a', 26 → 'z', 27 → 'aa' (bijective base 26). */
export function letterSuffix(n: number): string {
  let rest = n;
  let out = '';
  while (rest > 0) {
    rest -= 1;
    out = String.fromCharCode(97 + (rest % 26)) + out;
    rest = Math.floor(rest / 26);
  }
  return out;
}

/** The base itself when free, else the base with the first free suffix. */
export function firstFreeUsername(base: string, takenKeys: ReadonlySet<string>): string {
  for (let n = 0; ; n += 1) {
    const candidate = base + letterSuffix(n);
    if (!takenKeys.has(candidate.toLowerCase())) return candidate;
  }
}
