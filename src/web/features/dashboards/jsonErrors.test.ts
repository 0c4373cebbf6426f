import { describe, expect, it } from 'vitest';
import { parseModel } from './jsonErrors';

describe('the JSON model editor', () => {
  it('accepts an object with a title', () => {
    expect(parseModel('{"title": "x", "panels": []}')).toEqual({ ok: true, value: { title: 'x', panels: [] } });
  });

  it('says on which line and column the JSON breaks', () => {
    const result = parseModel('{\n  "title": "x",\n  "panels": [}\n}');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^Line 3, column 14: /);
  });

  it('asks for an object and a title', () => {
    expect(parseModel('[1]')).toEqual({ ok: false, error: 'The model must be a JSON object ({ … })' });
    expect(parseModel('{"title": "  "}')).toEqual({ ok: false, error: 'The model needs a "title"' });
  });
});

describe('finding the first JSON syntax error', () => {
  it('points at the offending character', async () => {
    const { jsonErrorOffset } = await import('./jsonErrors');
    expect(jsonErrorOffset('{"a": [1, 2,]}')).toBe(12);
    expect(jsonErrorOffset('{"a": tru}')).toBe(6);
    expect(jsonErrorOffset('{"a" 1}')).toBe(5);
    expect(jsonErrorOffset('{"a": "x"} extra')).toBe(11);
    expect(jsonErrorOffset('{"a": "line\nbreak"}')).toBe(11);
    expect(jsonErrorOffset('{"ok": [1, {"b": null}], "s": "\\"q\\""}')).toBe(-1);
  });
});
