import { describe, expect, it } from 'vitest';
import { formatSearch, parseSearch, withTag } from './searchQuery';

describe('the dashboards search box', () => {
  it('splits words and tag: terms, in any order', () => {
    expect(parseSearch('cluster tag:prod overview tag:k8s')).toEqual({ words: ['cluster', 'overview'], tags: ['prod', 'k8s'] });
    expect(parseSearch('  overview   cluster ')).toEqual({ words: ['overview', 'cluster'], tags: [] });
  });

  it('reads quoted tags with spaces and drops empty or repeated ones', () => {
    expect(parseSearch('tag:"team a" tag: tag:prod tag:prod "exact words"')).toEqual({ words: ['exact words'], tags: ['team a', 'prod'] });
    expect(parseSearch('tag:"unterminated')).toEqual({ words: [], tags: ['unterminated'] });
    expect(parseSearch('TAG:Prod')).toEqual({ words: [], tags: ['Prod'] });
  });

  it('is empty for empty input', () => {
    expect(parseSearch('')).toEqual({ words: [], tags: [] });
  });

  it('formats back, quoting tags with spaces', () => {
    expect(formatSearch({ words: ['cpu'], tags: ['team a', 'prod'] })).toBe('cpu tag:"team a" tag:prod');
    expect(parseSearch(formatSearch({ words: ['cpu'], tags: ['team a'] }))).toEqual({ words: ['cpu'], tags: ['team a'] });
  });

  it('adds a clicked tag once', () => {
    expect(withTag('cpu', 'prod')).toBe('cpu tag:prod');
    expect(withTag('cpu tag:prod', 'prod')).toBe('cpu tag:prod');
  });
});
