import { describe, expect, it } from 'vitest';
import { jsdomLabels, labelsOf } from './fastLabels';

/** jsdom's own answer for `element.labels`, as an array. */
function jsdomAnswer(element: HTMLElement): HTMLLabelElement[] | null {
  const type = [...jsdomLabels.keys()].find((t) => element instanceof t);
  const list = jsdomLabels.get(type!)!.call(element);
  return list === null ? null : [...list];
}

describe('the labels of form controls', () => {
  it('are what jsdom answers, for every kind of label and control', () => {
    document.body.innerHTML = `
      <label for="a">A</label><input id="a">
      <label for="a">A again</label>
      <label>Wrapping <span><input id="b"></span><input id="b2"></label>
      <label for="b2">For b2</label>
      <label for="c">C (first of two with this ID)</label><input id="c"><select id="c"></select>
      <label for="d">D is not labelable</label><div id="d"></div>
      <label for="">Empty for</label><input id="">
      <label for="h">Hidden</label><input id="h" type="hidden">
      <label>Hidden first <input type="hidden"><textarea id="t"></textarea></label>
      <label for="x">Outer for <input id="inner"></label><button id="x">X</button>
      <label>Nested <label>inner <meter id="m"></meter></label></label>
      <label for="q&quot; x">Quoted</label><progress id='q" x'></progress><output id="o"></output>
      <label>Button <button id="btn">B</button></label>`;
    const controls = [...document.body.querySelectorAll<HTMLElement>('input, select, textarea, button, meter, progress, output')];
    expect(controls.length).toBeGreaterThan(12);
    for (const control of controls) expect(labelsOf(control), control.outerHTML).toEqual(jsdomAnswer(control));
    expect(labelsOf(document.getElementById('a')!)!.map((l) => l.textContent)).toEqual(['A', 'A again']);
    expect((document.getElementById('b2') as HTMLInputElement).labels).toHaveLength(1);
  });

  it('are what jsdom answers outside the document and in a shadow root', () => {
    const detached = document.createElement('label');
    detached.innerHTML = '<input id="detached">';
    const input = detached.querySelector('input')!;
    expect(labelsOf(input)).toEqual(jsdomAnswer(input));
    const host = document.createElement('div');
    document.body.replaceChildren(host);
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<label for="s">S</label><input id="s"><label>In <select id="s2"></select></label>';
    for (const control of shadow.querySelectorAll<HTMLElement>('input, select')) expect(labelsOf(control)).toEqual(jsdomAnswer(control));
    document.body.replaceChildren();
  });
});
