import type { CSSProperties } from 'react';
import { readableColor, textOn } from '../colors';
import type { DataLink } from '../dataLinks';
import { displayText, type DisplayField, type DisplayValue } from '../fieldDisplay';
import type { CellKind } from './tableData';

/** One table cell: its text (a link when the field has one), aligned and coloured as its column says, or a gauge. */
export function TableCell({
  field,
  value,
  display,
  kind,
  scheme,
  link,
}: {
  field: DisplayField;
  value: unknown;
  display: DisplayValue;
  kind: CellKind;
  scheme: 'light' | 'dark';
  /** The field's first data link for this cell's value, as Grafana makes a linked cell's value a link. */
  link?: DataLink;
}) {
  const text = displayText(display);
  const content = link ? (
    <a
      href={link.href}
      title={link.title}
      target={link.newTab ? '_blank' : undefined}
      rel={link.newTab ? 'noopener noreferrer' : undefined}
      style={{ color: 'inherit', textDecoration: 'underline' }}
    >
      {text}
    </a>
  ) : (
    text
  );
  const align = (field.config.custom?.align as string | undefined) ?? 'auto';
  const numeric = field.type === 'number' || field.type === 'time';
  const style: CSSProperties = {
    padding: '3px 8px',
    borderBottom: '1px solid var(--mantine-color-default-border)',
    textAlign: align === 'left' || align === 'right' || align === 'center' ? align : numeric && field.type === 'number' ? 'right' : 'left',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    maxWidth: typeof field.config.custom?.width === 'number' ? (field.config.custom.width as number) : 480,
  };
  const hasValue = value !== null && value !== undefined && value !== '';
  if (kind === 'color-background' && hasValue) {
    style.background = display.color;
    style.color = textOn(display.color);
  } else if (kind === 'color-text' && hasValue) {
    style.color = readableColor(display.color, scheme);
  }
  if (kind === 'gauge' && hasValue && display.percent !== undefined) {
    return (
      <td style={style}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <div
            aria-hidden
            style={{
              flex: 1,
              height: 10,
              borderRadius: 2,
              background: 'var(--mantine-color-default-border)',
              overflow: 'hidden',
              minWidth: 40,
            }}
          >
            <div style={{ width: `${Math.round(display.percent * 100)}%`, height: '100%', background: display.color }} />
          </div>
          <span>{content}</span>
        </div>
      </td>
    );
  }
  return (
    <td style={style} title={!link && text.length > 40 ? text : undefined}>
      {content}
    </td>
  );
}
