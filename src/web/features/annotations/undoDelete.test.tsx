import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Annotation } from '../../../contract/annotations';
import { startSession } from '../../api/session';
import { renderWithProviders } from '../../test/render';
import { API, connectedSession, server } from '../../test/server';
import { UNDO_MS } from './pendingDeletes';
import { deleteWithUndo } from './undoDelete';

function annotation(id: number): Annotation {
  return {
    id,
    dashboardId: 0,
    dashboardUID: null,
    panelId: 0,
    userId: 1,
    login: 'a',
    email: '',
    avatarUrl: '',
    time: 0,
    timeEnd: 0,
    text: `note ${id}`,
    tags: [],
    created: 0,
    updated: 0,
  };
}

/** An Editor's session and a rendered app; answers the ids the server was asked to delete, in order. */
function signedInRecordingDeletes(): string[] {
  startSession(connectedSession('Editor'));
  const deleted: string[] = [];
  server.use(
    http.delete(
      `${API}/api/annotations/:id`,
      ({ params }) => (deleted.push(String(params.id)), HttpResponse.json({ message: 'Annotation deleted' })),
    ),
  );
  renderWithProviders(<div />);
  return deleted;
}

// The undo window is the clock's: tests move it, nothing waits six seconds.
beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

describe('delete with undo', () => {
  it('deletes when the undo window ends', async () => {
    const deleted = signedInRecordingDeletes();
    const onSettled = vi.fn();
    act(() => deleteWithUndo(annotation(41), { onSettled, onUndone: vi.fn() }));
    expect(await screen.findByText('Annotation deleted')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS - 100));
    expect(deleted).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await vi.waitFor(() => expect(onSettled).toHaveBeenCalled());
    expect(deleted).toEqual(['41']);
  });

  it('Undo within the window keeps the annotation', async () => {
    const deleted = signedInRecordingDeletes();
    const onUndone = vi.fn();
    act(() => deleteWithUndo(annotation(42), { onSettled: vi.fn(), onUndone }));
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS / 2));
    act(() => screen.getByRole('button', { name: 'Undo' }).click());
    expect(onUndone).toHaveBeenCalled();
    expect(await screen.findByText('Delete undone')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS * 2));
    expect(deleted).toEqual([]);
    act(() => notifications.clean());
  });
});
