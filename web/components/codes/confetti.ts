import { CONFETTI_PIECES, TIMINGS } from '../../../shared/limits.ts';
import { prefersReducedMotion } from './motion.ts';

/** ~60 frames a second: the number of frames a piece lives for the spec's 3 s. */
const CONFETTI_TICKS = Math.round((TIMINGS.confettiMs / 1000) * 60);

/**
 * Fires the spec's confetti (50 pieces, 3 s). canvas-confetti is loaded only now, on the first
 * copy. It draws on its own canvas without a worker (our CSP allows no blob: workers), and the
 * canvas is removed when the burst is over. Skipped under prefers-reduced-motion.
 */
export async function fireConfetti(origin?: { x: number; y: number }): Promise<void> {
  if (prefersReducedMotion()) return;
  const { default: confetti } = await import('canvas-confetti');
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  canvas.dataset.testid = 'confetti';
  canvas.style.cssText =
    'position:fixed;inset:0;width:100%;height:100%;pointer-events:none;z-index:100';
  document.body.appendChild(canvas);
  const fire = confetti.create(canvas, { resize: true, useWorker: false });
  window.setTimeout(() => {
    fire.reset();
    canvas.remove();
  }, TIMINGS.confettiMs);
  await fire({
    particleCount: CONFETTI_PIECES,
    spread: 70,
    startVelocity: 35,
    ticks: CONFETTI_TICKS,
    origin: origin ?? { x: 0.5, y: 0.6 },
  });
}
