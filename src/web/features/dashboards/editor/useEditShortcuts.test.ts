import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { historyKey, useUndoShortcuts } from './useEditShortcuts';

const press = (key: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('undo and redo keys', () => {
  it('reads Ctrl/Cmd+Z as undo, with Shift or Ctrl+Y as redo, and nothing else', () => {
    expect(historyKey(press('z', { ctrlKey: true }))).toBe('undo');
    expect(historyKey(press('z', { metaKey: true }))).toBe('undo');
    expect(historyKey(press('Z', { metaKey: true, shiftKey: true }))).toBe('redo');
    expect(historyKey(press('y', { ctrlKey: true }))).toBe('redo');
    expect(historyKey(press('z'))).toBeUndefined();
    expect(historyKey(press('z', { ctrlKey: true, altKey: true }))).toBeUndefined();
  });

  it('leaves the keys to a text field', () => {
    const undo = vi.fn();
    const redo = vi.fn();
    renderHook(() => useUndoShortcuts({ undo, redo }));
    const input = document.body.appendChild(document.createElement('input'));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true }));
    expect(undo).not.toHaveBeenCalled();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'y', ctrlKey: true, bubbles: true }));
    expect(undo).toHaveBeenCalledTimes(1);
    expect(redo).toHaveBeenCalledTimes(1);
    input.remove();
  });
});
