import { describe, expect, it } from 'vitest';
import { createForegroundWork } from './foreground-work.ts';

describe('foreground work (decision 120)', () => {
  it('is busy while any tracked work is under way, then for a quiet second after the last', async () => {
    let clock = 0;
    const work = createForegroundWork({ now: () => clock });
    expect(work.busy).toBe(false);
    let finishFirst!: (value: string) => void;
    let failSecond!: (error: Error) => void;
    const first = work.track(new Promise<string>((resolve) => (finishFirst = resolve)));
    const second = work.track(new Promise<string>((_, reject) => (failSecond = reject)));
    expect(work.busy).toBe(true);
    finishFirst('drawn');
    expect(await first).toBe('drawn');
    clock = 5_000;
    // One still under way, however long ago the other ended.
    expect(work.busy).toBe(true);
    failSecond(new Error('render failed'));
    // A failure is the caller's to see, and still ends the work.
    await expect(second).rejects.toThrow('render failed');
    expect(work.busy).toBe(true);
    clock = 5_999;
    expect(work.busy).toBe(true);
    clock = 6_000;
    expect(work.busy).toBe(false);
  });
});
