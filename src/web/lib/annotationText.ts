import DOMPurify from 'dompurify';

/**
 * An annotation's text as Grafana shows it: HTML, made safe (scripts, event handlers and
 * `javascript:` links removed) before it reaches the page. Links open in a new tab, as Grafana's.
 */
export function annotationHtml(text: string): DocumentFragment {
  const fragment = DOMPurify.sanitize(text, { RETURN_DOM_FRAGMENT: true, ADD_ATTR: ['target'] });
  for (const link of Array.from(fragment.querySelectorAll('a[href]'))) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  return fragment;
}

/** The same as markup for React's `dangerouslySetInnerHTML`. */
export function annotationHtmlString(text: string): string {
  const holder = document.createElement('div');
  holder.appendChild(annotationHtml(text));
  return holder.innerHTML;
}

/** What the text reads as without its markup: for names of buttons, table cells and notifications. */
export function annotationPlainText(text: string): string {
  if (!/[<&]/.test(text)) return text;
  return (annotationHtml(text).textContent ?? '').replace(/\s+/g, ' ').trim();
}
