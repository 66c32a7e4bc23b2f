import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireConfetti } from './confetti.ts';

// The library boundary: canvas-confetti draws on a canvas jsdom cannot paint. Everything on our
// side of it (the canvas we add, the burst we ask for, the timer that ends it) is real.
const library = vi.hoisted(() => {
  const burst = Object.assign(
    vi.fn(async (_options: Record<string, unknown>) => undefined),
    { reset: vi.fn() },
  );
  return { burst, create: vi.fn((_canvas: HTMLCanvasElement, _options: unknown) => burst) };
});
vi.mock('canvas-confetti', () => ({ default: { create: library.create } }));

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: reduce && query.includes('reduce'), media: query })),
  );
}

describe('fireConfetti', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    library.burst.mockClear();
    library.burst.reset.mockClear();
    library.create.mockClear();
    preferReducedMotion(false);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.body.replaceChildren();
  });

  it('fires 50 pieces that live 3 s on a canvas of its own, removed after 3000 ms', async () => {
    await fireConfetti();
    const canvas = document.querySelector('canvas[data-testid="confetti"]');
    expect(canvas).not.toBeNull();
    expect(canvas?.getAttribute('aria-hidden')).toBe('true');
    expect(library.create).toHaveBeenCalledWith(canvas, { resize: true, useWorker: false });
    expect(library.burst).toHaveBeenCalledTimes(1);
    const options = library.burst.mock.calls[0]?.[0];
    expect(options?.particleCount).toBe(50);
    // canvas-confetti counts a piece's life in frames: 3 s at 60 frames a second.
    expect(options?.ticks).toBe(180);

    vi.advanceTimersByTime(2999);
    expect(document.querySelector('canvas')).toBe(canvas);
    expect(library.burst.reset).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(library.burst.reset).toHaveBeenCalledTimes(1);
    expect(document.querySelector('canvas')).toBeNull();
  });

  it('does nothing under prefers-reduced-motion', async () => {
    preferReducedMotion(true);
    await fireConfetti();
    expect(library.create).not.toHaveBeenCalled();
    expect(document.querySelector('canvas')).toBeNull();
  });
});
