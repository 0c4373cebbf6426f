import { screen } from '@testing-library/react';
import { userEvent } from '../../test/user';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { RangePicker } from './RangePicker';
import { formatTime } from './time';

const range = { from: new Date(2026, 2, 11, 10, 0).getTime(), to: new Date(2026, 2, 11, 16, 0).getTime() };

describe('the range picker', () => {
  it('says a custom range with its dates, and edits it from there', async () => {
    const onCustomRange = vi.fn();
    renderWithProviders(
      <RangePicker
        fromParam={String(range.from)}
        toParam={String(range.to)}
        range={range}
        onQuickRange={vi.fn()}
        onCustomRange={onCustomRange}
      />,
    );
    expect(screen.getByText(`${formatTime(range.from)} – ${formatTime(range.to)}`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change range' }));
    // Typing into datetime-local inputs is covered in the browser (jsdom sanitises their values away).
    expect(screen.getByLabelText('From')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change range' })).not.toBeInTheDocument();
    expect(onCustomRange).not.toHaveBeenCalled();
  });

  it('shows no dates line for a quick range, whose name says it', () => {
    renderWithProviders(<RangePicker fromParam="now-6h" toParam="now" range={range} onQuickRange={vi.fn()} onCustomRange={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Change range' })).not.toBeInTheDocument();
  });
});
