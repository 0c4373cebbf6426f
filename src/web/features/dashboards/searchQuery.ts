/**
 * The dashboards search box: free words (all must be in the title, any order) and `tag:name`
 * terms (all must match). `tag:"two words"` quotes a tag with spaces.
 */
export interface ParsedSearch {
  words: string[];
  tags: string[];
}

const TERM = /(tag:"[^"]*"?|tag:\S*|"[^"]*"?|\S+)/g;

export function parseSearch(input: string): ParsedSearch {
  const words: string[] = [];
  const tags: string[] = [];
  for (const [term] of input.matchAll(TERM)) {
    if (term.toLowerCase().startsWith('tag:')) {
      const tag = term.slice(4).replace(/^"|"$/g, '').trim();
      if (tag && !tags.includes(tag)) tags.push(tag);
    } else {
      const word = term.replace(/^"|"$/g, '').trim();
      if (word) words.push(word);
    }
  }
  return { words, tags };
}

/** Back to text, e.g. after a tag is clicked in the list. */
export function formatSearch({ words, tags }: ParsedSearch): string {
  const quoted = tags.map((tag) => (/\s/.test(tag) ? `tag:"${tag}"` : `tag:${tag}`));
  return [...words, ...quoted].join(' ');
}

/** Adds a tag term to the search text unless it is there already. */
export function withTag(input: string, tag: string): string {
  const parsed = parseSearch(input);
  if (parsed.tags.includes(tag)) return input;
  return formatSearch({ words: parsed.words, tags: [...parsed.tags, tag] });
}
