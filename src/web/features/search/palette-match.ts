/**
 * How the command palette finds screens and actions by what they are for, not only by their names:
 * "add a bill", "expense", "pay a driver", "IFTA" (the words live in the `search` namespace, per
 * language). Pure, so the rules are tested without a browser.
 */

/** Lower case without accents ("Dépense" → "depense", "Añadir" → "anadir"): typed without accents, found. */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase();
}

/** The folded words of a text; any punctuation separates them ("l’IFTA" → "l", "ifta"; "P&L" → "p", "l"). */
export function wordsOf(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** A comma-separated list as the translations keep it ("bill, expense, vendor"). */
export function listOf(text: string): string[] {
  return text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

export interface Findable {
  /** The name shown. */
  label: string;
  /** What it is for, in the reader's language: phrases people type for it. */
  synonyms: readonly string[];
}

/**
 * Found by its name's beginning, by the words of its name, by one of its synonyms (plus up to 9 for
 * how much of that synonym the query covers: "truck" is the screen whose synonym is "trucks" before
 * the one whose synonym is "assign a truck"), or only by words spread over several synonyms.
 */
export const MATCH = { start: 40, name: 30, synonym: 20, spread: 10, none: 0 } as const;

/**
 * How well a query finds an entry (`MATCH`). Every word of the query must begin a word of the name, or
 * of one synonym, or of the name and the synonyms together, in any order: "add bi" finds "Add bill",
 * "bill add" too. Words the language uses around a request ("where do I add a bill", "¿dónde añado
 * una factura?") are left out, unless the query has nothing else.
 */
export function matchScore(query: string, entry: Findable, stopWords: ReadonlySet<string>): number {
  const typed = wordsOf(query);
  if (!typed.length) return MATCH.none;
  if (fold(entry.label).startsWith(typed.join(" "))) return MATCH.start;
  const meaningful = typed.filter((word) => !stopWords.has(word));
  const words = meaningful.length ? meaningful : typed;
  const begins = (pool: readonly string[]) => words.every((word) => pool.some((w) => w.startsWith(word)));
  const nameWords = wordsOf(entry.label);
  if (begins(nameWords)) return MATCH.name;
  const phrases = entry.synonyms.map(wordsOf);
  const covered = phrases
    .filter(begins)
    .map((phrase) => words.length / Math.max(words.length, phrase.filter((w) => !stopWords.has(w)).length));
  if (covered.length) return MATCH.synonym + Math.round(9 * Math.max(...covered));
  if (begins([...nameWords, ...phrases.flat()])) return MATCH.spread;
  return MATCH.none;
}

/**
 * The entries a query finds, best first; equal scores keep the given order (the caller lists actions
 * after screens, or the reverse). At most `limit`.
 */
export function findAll<T extends Findable>(
  query: string,
  entries: readonly T[],
  stopWords: ReadonlySet<string>,
  limit: number,
): T[] {
  return entries
    .map((entry, index) => ({ entry, index, score: matchScore(query, entry, stopWords) }))
    .filter((hit) => hit.score > MATCH.none)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((hit) => hit.entry);
}
