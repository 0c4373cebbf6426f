/**
 * jsdom answers `element.labels` by walking the whole document and, for every label on the way,
 * walking it again to find the element its `for` names: quadratic in the page. Testing Library asks
 * for the labels of every form control each time `getByRole` computes accessible names, so one
 * query over the panel editor cost seconds (two thirds of that test file's time went here).
 *
 * This gives the labelable elements a `labels` with the same answer, as the HTML standard defines
 * it (https://html.spec.whatwg.org/multipage/forms.html#dom-lfe-labels): the labels whose `for`
 * names this element's ID (when this element is the first in the tree with that ID), and the
 * ancestor labels without `for` whose first labelable descendant is this element, in tree order.
 */

const LABELABLE = [
  HTMLButtonElement,
  HTMLInputElement,
  HTMLMeterElement,
  HTMLOutputElement,
  HTMLProgressElement,
  HTMLSelectElement,
  HTMLTextAreaElement,
];

type IdRoot = Document | DocumentFragment;

function treeOrder(a: Node, b: Node): number {
  return a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
}

export function labelsOf(element: HTMLElement): HTMLLabelElement[] | null {
  if (element instanceof HTMLInputElement && element.type === 'hidden') return null;
  const found: HTMLLabelElement[] = [];
  const root = element.getRootNode() as Node;
  const id = element.id;
  // An element outside any document or fragment (a detached subtree) has only its ancestor labels.
  if (id !== '' && (root instanceof Document || root instanceof DocumentFragment)) {
    const idRoot: IdRoot = root;
    if (idRoot.getElementById(id) === element) found.push(...idRoot.querySelectorAll<HTMLLabelElement>(`label[for="${CSS.escape(id)}"]`));
  }
  for (let node = element.parentElement; node; node = node.parentElement)
    if (node instanceof HTMLLabelElement && !node.hasAttribute('for') && node.control === element) found.push(node);
  return found.length > 1 ? found.sort(treeOrder) : found;
}

/** jsdom's own getters, kept for the test that compares both answers. */
export const jsdomLabels = new Map<(typeof LABELABLE)[number], () => NodeListOf<HTMLLabelElement> | null>();

export function installFastLabels(): void {
  for (const type of LABELABLE) {
    const own = Object.getOwnPropertyDescriptor(type.prototype, 'labels')?.get;
    if (own && !jsdomLabels.has(type)) jsdomLabels.set(type, own as () => NodeListOf<HTMLLabelElement> | null);
    Object.defineProperty(type.prototype, 'labels', {
      configurable: true,
      enumerable: true,
      get(this: HTMLElement) {
        return labelsOf(this);
      },
    });
  }
}
