import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { createForegroundWork } from '../../http/foreground-work.ts';
import { pngSize } from '../pages/pages.test-helpers.ts';
import { createShareImages } from './share-images.service.ts';

const row = (username: string, codes: object[] = []) => ({
  username,
  profile_codes: JSON.stringify(codes),
});

const code = (service: string, reward: string) => ({ service, serviceName: service, reward });

describe('share images drawn in a worker (decision 091)', () => {
  it('keys an image by what it draws: an edit it does not show keeps it, one it shows does not', async () => {
    const images = createShareImages({ host: 'refstash.test', cacheBytes: 8 * 2 ** 20 });
    try {
      const first = await images.profile(row('keyed', [code('uber', '5')]));
      expect(pngSize(first.png)).toEqual({ width: 1200, height: 630 });
      const reward = await images.profile(row('keyed', [code('uber', '50')]));
      expect(reward.version).toBe(first.version);
      expect(reward.png).toBe(first.png);
      const more = await images.profile(row('keyed', [code('uber', '5'), code('uber', '6')]));
      expect(more.version).not.toBe(first.version);
      expect(more.png.equals(first.png)).toBe(false);
    } finally {
      await images.close();
    }
  });

  it("counts each render as a request's work under way, so idle-time jobs wait (decision 120)", async () => {
    let clock = 0;
    const foreground = createForegroundWork({ now: () => clock });
    const images = createShareImages({
      host: 'refstash.test',
      cacheBytes: 8 * 2 ** 20,
      foreground,
    });
    try {
      const drawing = images.profile(row('tracked', [code('uber', '5')]));
      expect(foreground.busy).toBe(true);
      await drawing;
      clock += 1_000;
      expect(foreground.busy).toBe(false);
      // A cached image is no work: nothing is under way while it is answered.
      const cached = images.profile(row('tracked', [code('uber', '5')]));
      expect(foreground.busy).toBe(false);
      await cached;
    } finally {
      await images.close();
    }
  });

  it('answers 503 with Retry-After when its queue is full, and draws what it queued', async () => {
    const images = createShareImages({ host: 'refstash.test', cacheBytes: 8 * 2 ** 20, queue: 1 });
    try {
      const outcomes = await Promise.allSettled(
        ['q_one', 'q_two', 'q_three', 'q_four'].map((name) => images.profile(row(name))),
      );
      expect(outcomes[0]?.status).toBe('fulfilled');
      const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(refused.length).toBeGreaterThan(0);
      for (const outcome of refused) {
        const error = (outcome as PromiseRejectedResult).reason as AppError;
        expect(error).toBeInstanceOf(AppError);
        expect(error.status).toBe(503);
        expect(error.retryAfter).toBe(5);
      }
      // A refused image is not remembered as failed: asked again, it is drawn.
      expect((await images.profile(row('q_four'))).png.length).toBeGreaterThan(0);
    } finally {
      await images.close();
    }
  });
});
