import { describe, expect, it } from 'vitest';
import { duplicateTitleNumbers } from './landmarkNames';

const titleOf = (p: { title?: unknown; id?: number }) => (typeof p.title === 'string' && p.title ? p.title : `Untitled panel ${p.id}`);

describe('duplicateTitleNumbers', () => {
  it('numbers the second and later panels of a repeated title, across rows, and leaves unique titles alone', () => {
    const numbers = duplicateTitleNumbers(
      [
        { id: 1, type: 'timeseries', title: 'CPU' },
        { id: 2, type: 'stat', title: 'Memory' },
        { id: 3, type: 'row', title: 'More', panels: [{ id: 4, type: 'stat', title: 'cpu ' }] },
        { id: 5, type: 'table', title: 'CPU' },
        { id: 6, type: 'text' },
      ],
      titleOf,
    );
    expect([...numbers]).toEqual([
      [4, 2],
      [5, 3],
    ]);
  });
});
