import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Banner } from '../components/ui/Banner.tsx';
import { useTimedBanner } from './use-timed-banner.ts';

function Harness() {
  const banner = useTimedBanner();
  return (
    <div>
      <button type="button" onClick={() => banner.show('Code created successfully')}>
        create
      </button>
      <button type="button" onClick={() => banner.show('Code updated successfully')}>
        update
      </button>
      {banner.message && <Banner tone="success">{banner.message}</Banner>}
    </div>
  );
}

describe('useTimedBanner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the success banner for 3 s, then hides it', () => {
    render(<Harness />);
    act(() => screen.getByText('create').click());
    expect(screen.getByRole('status').textContent).toBe('Code created successfully');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('restarts the 3 s for a newer message', () => {
    render(<Harness />);
    act(() => screen.getByText('create').click());
    act(() => vi.advanceTimersByTime(2000));
    act(() => screen.getByText('update').click());
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('status').textContent).toBe('Code updated successfully');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
