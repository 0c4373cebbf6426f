import { fireEvent, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createSequenceMatcher,
  isBusyTarget,
  keyToken,
  panelIdOf,
  SEQUENCE_TIMEOUT_MS,
  useDashboardShortcuts,
  type DashboardShortcutHandlers,
} from './useDashboardShortcuts';

const key = (k: string, modifiers: Partial<Record<'ctrlKey' | 'altKey' | 'metaKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  ...modifiers,
});

describe('keyToken', () => {
  it('names keys as the bindings do, and leaves keys with Ctrl, Alt or Meta to the browser', () => {
    expect(keyToken(key('d'))).toBe('d');
    expect(keyToken(key('D'))).toBe('d');
    expect(keyToken(key('?'))).toBe('?');
    expect(keyToken(key('Escape'))).toBe('esc');
    expect(keyToken(key('ArrowLeft'))).toBe('←');
    expect(keyToken(key('ArrowRight'))).toBe('→');
    expect(keyToken(key('Shift'))).toBeUndefined();
    expect(keyToken(key('r', { ctrlKey: true }))).toBeUndefined();
    expect(keyToken(key('k', { metaKey: true }))).toBeUndefined();
  });
});

describe('createSequenceMatcher', () => {
  it('matches single keys and two-key sequences', () => {
    const matcher = createSequenceMatcher();
    expect(matcher.press('?', 0)).toEqual({ kind: 'matched', action: 'help' });
    expect(matcher.press('v', 10)).toEqual({ kind: 'matched', action: 'viewPanel' });
    expect(matcher.press('d', 20)).toEqual({ kind: 'pending' });
    expect(matcher.press('r', 30)).toEqual({ kind: 'matched', action: 'refresh' });
    expect(matcher.press('t', 40)).toEqual({ kind: 'pending' });
    expect(matcher.press('←', 50)).toEqual({ kind: 'matched', action: 'shiftBack' });
    expect(matcher.press('t', 60)).toEqual({ kind: 'pending' });
    expect(matcher.press('z', 70)).toEqual({ kind: 'matched', action: 'zoomOut' });
    expect(matcher.press('d', 80)).toEqual({ kind: 'pending' });
    expect(matcher.press('k', 90)).toEqual({ kind: 'matched', action: 'toggleKiosk' });
  });

  it('forgets a first key after the timeout, and a second key alone means nothing', () => {
    const matcher = createSequenceMatcher();
    expect(matcher.press('d', 0)).toEqual({ kind: 'pending' });
    expect(matcher.press('r', SEQUENCE_TIMEOUT_MS + 1)).toEqual({ kind: 'none' });
    expect(matcher.press('z', SEQUENCE_TIMEOUT_MS + 2)).toEqual({ kind: 'none' });
  });

  it('starts afresh when the second key does not continue the sequence', () => {
    const matcher = createSequenceMatcher();
    matcher.press('d', 0);
    // `d v` is no shortcut, but `v` is one of its own.
    expect(matcher.press('v', 1)).toEqual({ kind: 'matched', action: 'viewPanel' });
    matcher.press('d', 2);
    expect(matcher.press('t', 3)).toEqual({ kind: 'pending' });
    expect(matcher.press('z', 4)).toEqual({ kind: 'matched', action: 'zoomOut' });
  });

  it('forgets a pending key on reset', () => {
    const matcher = createSequenceMatcher();
    matcher.press('d', 0);
    matcher.reset();
    expect(matcher.press('r', 1)).toEqual({ kind: 'none' });
  });
});

describe('isBusyTarget and panelIdOf', () => {
  afterEach(() => document.body.replaceChildren());

  it('counts fields, editable text, dialogs and menus as busy, buttons and panels as not', () => {
    document.body.innerHTML = `
      <input id="text" /><input id="box" type="checkbox" /><textarea id="area"></textarea>
      <div id="editable" contenteditable="true"></div>
      <div role="dialog"><button id="in-dialog">x</button></div>
      <div role="menu"><button id="in-menu">x</button></div>
      <section data-panel-id="7"><button id="in-panel">x</button></section>
      <button id="plain">x</button>`;
    const el = (id: string) => document.getElementById(id);
    expect(isBusyTarget(el('text'))).toBe(true);
    expect(isBusyTarget(el('area'))).toBe(true);
    expect(isBusyTarget(el('in-dialog'))).toBe(true);
    expect(isBusyTarget(el('in-menu'))).toBe(true);
    expect(isBusyTarget(el('box'))).toBe(false);
    expect(isBusyTarget(el('in-panel'))).toBe(false);
    expect(isBusyTarget(el('plain'))).toBe(false);
    expect(isBusyTarget(document.body)).toBe(false);
    expect(panelIdOf(el('in-panel'))).toBe(7);
    expect(panelIdOf(el('plain'))).toBeUndefined();
  });
});

describe('useDashboardShortcuts', () => {
  afterEach(() => document.body.replaceChildren());

  function setup(viewedPanel?: number, withSettings = true) {
    document.body.innerHTML = `
      <input id="field" aria-label="Search" />
      <section data-panel-id="3"><h2>CPU</h2><button id="panel-3-button">menu</button></section>
      <section data-panel-id="4"><h2>Memory</h2></section>
      <button id="outside">elsewhere</button>`;
    const handlers = {
      openHelp: vi.fn(),
      exit: vi.fn(() => true),
      toggleViewPanel: vi.fn(),
      inspectPanel: vi.fn(),
      refresh: vi.fn(),
      toggleKiosk: vi.fn(),
      openSettings: withSettings ? vi.fn() : undefined,
      zoomOut: vi.fn(),
      shiftRange: vi.fn(),
    } satisfies DashboardShortcutHandlers;
    const hook = renderHook(({ viewed }) => useDashboardShortcuts(handlers, { viewedPanel: viewed }), {
      initialProps: { viewed: viewedPanel },
    });
    return { handlers, hook };
  }
  const press = (keyName: string, target: Element | Document = document) => fireEvent.keyDown(target, { key: keyName });

  it('runs dashboard shortcuts from the page', () => {
    const { handlers } = setup();
    press('?');
    expect(handlers.openHelp).toHaveBeenCalledOnce();
    press('d');
    press('r');
    expect(handlers.refresh).toHaveBeenCalledOnce();
    press('d');
    press('k');
    expect(handlers.toggleKiosk).toHaveBeenCalledOnce();
    press('d');
    press('s');
    expect(handlers.openSettings).toHaveBeenCalledOnce();
    press('t');
    press('z');
    expect(handlers.zoomOut).toHaveBeenCalledOnce();
    press('t');
    press('ArrowLeft');
    press('t');
    press('ArrowRight');
    expect(handlers.shiftRange.mock.calls).toEqual([[-1], [1]]);
    press('Escape');
    expect(handlers.exit).toHaveBeenCalledOnce();
  });

  it('does nothing while someone types in a field, and a sequence begun outside does not finish inside', () => {
    const { handlers } = setup();
    const field = document.getElementById('field')!;
    press('?', field);
    press('d', field);
    press('k', field);
    press('Escape', field);
    press('d');
    press('r', field);
    press('v', field);
    expect(Object.values(handlers).filter((h) => h && h.mock.calls.length > 0)).toEqual([]);
  });

  it('acts on the focused panel, else the hovered one, else the viewed one; without one, v does nothing', () => {
    const { handlers, hook } = setup();
    press('v');
    expect(handlers.toggleViewPanel).not.toHaveBeenCalled();

    const inPanel = document.getElementById('panel-3-button')!;
    inPanel.focus();
    press('v', inPanel);
    expect(handlers.toggleViewPanel).toHaveBeenLastCalledWith(3);
    press('i', inPanel);
    expect(handlers.inspectPanel).toHaveBeenLastCalledWith(3);
    inPanel.blur();

    fireEvent.mouseOver(document.querySelector('[data-panel-id="4"] h2')!);
    press('v');
    expect(handlers.toggleViewPanel).toHaveBeenLastCalledWith(4);

    fireEvent.mouseOver(document.getElementById('outside')!);
    hook.rerender({ viewed: 3 });
    press('v');
    expect(handlers.toggleViewPanel).toHaveBeenLastCalledWith(3);
  });

  it('lets d s pass when the settings cannot be opened, and marks handled keys as used', () => {
    const { handlers } = setup(undefined, false);
    press('d');
    expect(press('s')).toBe(true); // not prevented: nothing handled it
    expect(handlers.openSettings).toBeUndefined();
    expect(press('?')).toBe(false); // prevented: the help opened
  });

  it('stops listening when unmounted', () => {
    const { handlers, hook } = setup();
    hook.unmount();
    press('?');
    expect(handlers.openHelp).not.toHaveBeenCalled();
  });
});
