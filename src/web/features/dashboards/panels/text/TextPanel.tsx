import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useMemo } from 'react';
import type { PanelProps } from '../types';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const HEADING_SIZES: Record<string, string> = { H1: '1.6em', H2: '1.4em', H3: '1.2em', H4: '1.1em', H5: '1em', H6: '0.95em' };

/**
 * Markdown or HTML made safe to show: scripts, event handlers and `javascript:` links removed by
 * DOMPurify. Headings become styled paragraphs: the page keeps one h1 and a clean heading outline
 * whatever a panel's text says.
 */
export function renderTextContent(content: string, mode: string): string {
  const html = mode === 'html' ? content : (marked.parse(content, { async: false, gfm: true, breaks: false }) as string);
  const fragment = DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true, ADD_ATTR: ['target'] });
  for (const heading of Array.from(fragment.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
    const p = document.createElement('p');
    p.innerHTML = heading.innerHTML;
    p.setAttribute('data-heading', heading.tagName.slice(1));
    p.style.fontSize = HEADING_SIZES[heading.tagName] ?? '1em';
    p.style.fontWeight = '600';
    p.style.margin = '0.4em 0';
    heading.replaceWith(p);
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
export default function TextPanel({ panel, replaceVariables }: PanelProps) {
  const options = isObject(panel.options) ? panel.options : {};
  // Grafana 6 kept these at the top of the panel.
  const rawContent = typeof options.content === 'string' ? options.content : typeof panel.content === 'string' ? panel.content : '';
  const mode = typeof options.mode === 'string' ? options.mode : typeof panel.mode === 'string' ? panel.mode : 'markdown';
  const content = replaceVariables ? replaceVariables(rawContent) : rawContent;
  const html = useMemo(() => (mode === 'code' ? '' : renderTextContent(content, mode)), [content, mode]);
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
