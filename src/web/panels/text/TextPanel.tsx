import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useMemo } from 'react';
import type { PanelProps } from '../types';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const HEADING_SIZES: Record<string, string> = { H1: '1.6em', H2: '1.4em', H3: '1.2em', H4: '1.1em', H5: '1em', H6: '0.95em' };

/**
 * Markdown or HTML made safe to show: scripts, event handlers and `javascript:` links removed by
 * DOMPurify. Headings stay headings, moved below the panel's title (`titleLevel`): `#` under an h2
 * title is an h3, `##` an h4, so the page's outline runs page → panel → text. Past h6 a heading is
 * a `role="heading"` with its `aria-level`, as ARIA allows.
 */
export function renderTextContent(content: string, mode: string, titleLevel = 2): string {
  const html = mode === 'html' ? content : (marked.parse(content, { async: false, gfm: true, breaks: false }) as string);
  const fragment = DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true, ADD_ATTR: ['target'] });
  for (const heading of Array.from(fragment.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
    const written = Number(heading.tagName.slice(1));
    const level = titleLevel + written;
    const replacement = document.createElement(level <= 6 ? `h${level}` : 'p');
    if (level > 6) {
      replacement.setAttribute('role', 'heading');
      replacement.setAttribute('aria-level', String(level));
    }
    replacement.innerHTML = heading.innerHTML;
    if (heading.id) replacement.id = heading.id;
    // Sized as written, not as placed: a panel's `#` still looks like its biggest heading.
    replacement.style.fontSize = HEADING_SIZES[heading.tagName] ?? '1em';
    replacement.style.fontWeight = '600';
    replacement.style.margin = '0.4em 0';
    heading.replaceWith(replacement);
  }
  for (const link of Array.from(fragment.querySelectorAll('a'))) {
    link.style.color = 'var(--mantine-color-anchor)';
    if (link.getAttribute('target') === '_blank') link.setAttribute('rel', 'noopener noreferrer');
  }
  const container = document.createElement('div');
  container.appendChild(fragment);
  return container.innerHTML;
}

/** Grafana's text panel: markdown (default), html or code; dashboard variables interpolated first. */
export default function TextPanel({ panel, replaceVariables, headingLevel = 2 }: PanelProps) {
  const options = isObject(panel.options) ? panel.options : {};
  // Grafana 6 kept these at the top of the panel.
  const rawContent = typeof options.content === 'string' ? options.content : typeof panel.content === 'string' ? panel.content : '';
  const mode = typeof options.mode === 'string' ? options.mode : typeof panel.mode === 'string' ? panel.mode : 'markdown';
  const content = replaceVariables ? replaceVariables(rawContent) : rawContent;
  const html = useMemo(() => (mode === 'code' ? '' : renderTextContent(content, mode, headingLevel)), [content, mode, headingLevel]);
  if (mode === 'code') {
    return (
      <pre
        style={{ margin: 0, height: '100%', overflow: 'auto', fontSize: 12, fontFamily: 'var(--mantine-font-family-monospace)' }}
        tabIndex={0}
      >
        <code>{content}</code>
      </pre>
    );
  }
  // Focusable so a keyboard can scroll long text (axe: scrollable regions must be reachable).
  return (
    <div
      className="sightline-text-panel"
      tabIndex={0}
      style={{ height: '100%', overflow: 'auto', fontSize: 14, lineHeight: 1.5, wordBreak: 'break-word' }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
