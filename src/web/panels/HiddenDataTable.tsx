import type { ReactNode } from 'react';
import { VISUALLY_HIDDEN } from './svgChart';

/** One row of a chart's numbers: its heading cell, then one cell per further column. */
export interface HiddenDataRow {
  header: ReactNode;
  cells: ReactNode[];
}

/** At most this many rows are written: screen readers get the numbers, not a DOM of thousands. */
const MAX_ROWS = 500;

/**
 * The numbers an SVG chart draws, as a table only screen readers see, captioned with the panel's
 * title: the SVG panels' one way of making what they draw readable.
 */
export function HiddenDataTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly HiddenDataRow[];
}) {
  return (
    <table style={VISUALLY_HIDDEN}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column, i) => (
            <th key={i} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.slice(0, MAX_ROWS).map((row, i) => (
          <tr key={i}>
            <th scope="row">{row.header}</th>
            {row.cells.map((cell, c) => (
              <td key={c}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
