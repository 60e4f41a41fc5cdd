/**
 * Case-insensitive phrase matching on word boundaries.
 *
 * - "hiv" matches "HIV positive" but not "archive"; "burn" does not match "heartburn".
 * - A trailing plural is accepted: "seizure" matches "seizures", "rash" matches "rashes".
 * - Any run of whitespace in the text matches a space of the phrase; curly apostrophes count as
 *   straight ones, so "can’t breathe" matches "can't breathe".
 */

const patternCache = new Map<string, RegExp>();

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function phrasePattern(phrase: string): RegExp {
  let pattern = patternCache.get(phrase);
  if (!pattern) {
    const body = phrase.trim().toLowerCase().split(/\s+/).map(escapeRegExp).join('\\s+');
    // Lookarounds instead of \b, so phrases that end in a non-word character still work.
    pattern = new RegExp(`(?<![\\p{L}\\p{N}_])${body}(?:e?s)?(?![\\p{L}\\p{N}_])`, 'gu');
    patternCache.set(phrase, pattern);
  }
  pattern.lastIndex = 0;
  return pattern;
}

/** Lower case, straight apostrophes: the form every matcher works on. */
export function normalizeText(text: string): string {
  return text.toLowerCase().replace(/[\u2018\u2019\u02bc]/g, "'");
}

/** Whether `phrase` occurs in the (already normalised) text. */
export function containsPhrase(normalizedText: string, phrase: string): boolean {
  return phrasePattern(phrase).test(normalizedText);
}

export interface PhraseMatch<C extends string> {
  phrase: string;
  category: C;
  start: number;
  end: number;
}

/**
 * Finds every phrase of every list in the (already normalised) text, then keeps only
 * non-overlapping matches: the longest first, and on equal length the list given first. So with
 * lists given most severe first, "severe abdominal pain" is one urgent match and "mild fever with"
 * counts "fever with" (urgent) rather than "mild fever" (routine).
 */
export function findPhrases<C extends string>(
  normalizedText: string,
  lists: readonly { category: C; phrases: readonly string[] }[],
): PhraseMatch<C>[] {
  const candidates: (PhraseMatch<C> & { rank: number })[] = [];
  lists.forEach(({ category, phrases }, rank) => {
    for (const phrase of phrases) {
      for (const match of normalizedText.matchAll(phrasePattern(phrase))) {
        candidates.push({
          phrase,
          category,
          start: match.index,
          end: match.index + match[0].length,
          rank,
        });
      }
    }
  });
  candidates.sort((a, b) => b.end - b.start - (a.end - a.start) || a.rank - b.rank);

  const kept: PhraseMatch<C>[] = [];
  for (const { rank: _rank, ...candidate } of candidates) {
    if (kept.every((k) => candidate.end <= k.start || candidate.start >= k.end)) {
      kept.push(candidate);
    }
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** Number of words (whitespace-separated runs holding a letter or digit): the word-count rule. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
