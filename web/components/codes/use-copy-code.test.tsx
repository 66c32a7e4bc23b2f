import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCopyCode } from './use-copy-code.ts';

// The confetti library is the boundary (jsdom cannot paint a canvas); our fireConfetti is real.
const burst = vi.hoisted(() =>
  Object.assign(
    vi.fn(async (_options: Record<string, unknown>) => undefined),
    { reset: vi.fn() },
  ),
);
vi.mock('canvas-confetti', () => ({ default: { create: () => burst } }));

const writeText = vi.fn(async (_text: string) => {});
const fetchMock = vi.fn(async () => new Response(null, { status: 202 }));

describe('useCopyCode', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.stubGlobal('fetch', fetchMock);
    writeText.mockReset().mockResolvedValue(undefined);
    fetchMock.mockClear();
    burst.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('copies, records one click, fires confetti, closes at 1.5 s and resets at 3.1 s', async () => {
    const onCopied = vi.fn();
    const changes: Array<string | null> = [];
    const { result } = renderHook(() => useCopyCode((id) => changes.push(id)));

    await act(() => result.current.copy('id-1', 'RIDE', onCopied));
    expect(writeText).toHaveBeenCalledWith('RIDE');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual([
      '/api/codes/id-1/clicks',
      expect.objectContaining({ method: 'POST' }),
    ]);
    expect(burst).toHaveBeenCalledTimes(1);
    expect(burst.mock.calls[0]?.[0]).toMatchObject({ particleCount: 50 });
    expect(result.current.copiedId).toBe('id-1');

    act(() => vi.advanceTimersByTime(1499));
    expect(onCopied).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onCopied).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(3099 - 1500));
    expect(result.current.copiedId).toBe('id-1');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.copiedId).toBeNull();
    expect(changes).toEqual(['id-1', null]);
  });

  it('ignores a second copy of the same code while it shows Copied!', async () => {
    const { result } = renderHook(() => useCopyCode());
    await act(() => result.current.copy('id-1', 'A'));
    let second = true;
    await act(async () => {
      second = await result.current.copy('id-1', 'A');
    });
    expect(second).toBe(false);
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(3100));
    await act(() => result.current.copy('id-1', 'A'));
    expect(writeText).toHaveBeenCalledTimes(2);
  });

  it('copies another code at once, moving the highlight to it (never left uncopied)', async () => {
    const changes: Array<string | null> = [];
    const { result } = renderHook(() => useCopyCode((id) => changes.push(id)));
    await act(() => result.current.copy('id-1', 'A'));
    act(() => vi.advanceTimersByTime(500));
    let second = false;
    await act(async () => {
      second = await result.current.copy('id-2', 'B');
    });
    expect(second).toBe(true);
    expect(writeText).toHaveBeenLastCalledWith('B');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenLastCalledWith(
      '/api/codes/id-2/clicks',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(result.current.copiedId).toBe('id-2');
    // The first copy's reset timer no longer clears the second code's highlight early.
    act(() => vi.advanceTimersByTime(3099));
    expect(result.current.copiedId).toBe('id-2');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.copiedId).toBeNull();
    expect(changes).toEqual(['id-1', 'id-2', null]);
  });

  it('shows the spec message when the clipboard refuses, and records nothing', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    const { result } = renderHook(() => useCopyCode());
    await act(() => result.current.copy('id-1', 'A'));
    expect(result.current.error).toBe(
      'Failed to copy code. Please try selecting and copying manually.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(burst).not.toHaveBeenCalled();
    expect(result.current.copiedId).toBeNull();
  });

  it('still counts the copy as done when recording the click fails (429)', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"error":{}}', { status: 429 }));
    const { result } = renderHook(() => useCopyCode());
    await act(() => result.current.copy('id-1', 'A'));
    expect(result.current.copiedId).toBe('id-1');
    expect(result.current.error).toBeNull();
  });
});
