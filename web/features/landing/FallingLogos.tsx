import { useEffect, useRef, useState } from 'react';
import { serviceDisplayName } from '../../../shared/display-name.ts';
import { LANDING_LOGO_SERVICES } from '../../../shared/known-services.ts';
import { prefersReducedMotion } from '../../components/codes/motion.ts';
import { LookupLogo, type LookupLogoProps } from '../../components/services/LookupLogo.tsx';
import { FALLING, type FallingLogo, spawnLogos, stepLogos } from './falling-logos-physics.ts';

/** Spec §4: logo failures are silent for users; the overlay logs one line per service. */
function logoProps(serviceId: string): LookupLogoProps {
  return {
    serviceId,
    name: serviceDisplayName(serviceId),
    size: FALLING.size,
    onError: (error: unknown) => console.warn(`Logo for ${serviceId} fell back to its icon`, error),
  };
}

/**
 * True once the page has loaded and the browser is idle. The overlay is decoration: its logos and
 * their lookups wait until the content is painted and the page can respond (they are not in the
 * server-rendered HTML).
 */
function useStartWhenIdle(): boolean {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    const start = () => {
      idle =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(() => setStarted(true), { timeout: 2000 })
          : window.setTimeout(() => setStarted(true), 200);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      if (idle !== undefined) {
        if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
        window.clearTimeout(idle);
      }
    };
  }, []);
  return started;
}

/**
 * The logos join the overlay one at a time, this far apart, each fading in where it is falling.
 * Each one's first render, logo lookup and image decode is then a small task of its own: all 13
 * at once made one of the landing page's longest tasks, most of its total blocking time in
 * Lighthouse (decision 060).
 */
const JOIN_INTERVAL_MS = 150;

/** How many logos have joined: none before the start, then one more every JOIN_INTERVAL_MS. */
function useJoined(started: boolean, total: number, allAtOnce: boolean): number {
  const [joined, setJoined] = useState(0);
  useEffect(() => {
    if (!started || joined >= total) return;
    const timer = window.setTimeout(
      () => setJoined(allAtOnce ? total : joined + 1),
      joined === 0 ? 0 : JOIN_INTERVAL_MS,
    );
    return () => window.clearTimeout(timer);
  }, [started, joined, total, allAtOnce]);
  return joined;
}

/**
 * The landing page's decorative overlay: the 13 logos of spec §2 falling down the screen.
 * It never takes clicks (pointer-events: none) and is hidden from screen readers. Positions
 * are written straight to the DOM each tick, so React does not re-render 33 times a second.
 * Under prefers-reduced-motion the logos are drawn once, standing still, all together.
 */
export function FallingLogos() {
  const container = useRef<HTMLDivElement>(null);
  const items = useRef<Array<HTMLDivElement | null>>([]);
  const started = useStartWhenIdle();
  const [still] = useState(prefersReducedMotion);
  const joined = useJoined(started, LANDING_LOGO_SERVICES.length, still);
  // Moving logos are drawn on every tick, each from the tick after it joined; still ones once,
  // when all have joined.
  const drawing = started && (!still || joined === LANDING_LOGO_SERVICES.length);

  useEffect(() => {
    const box = container.current;
    if (!drawing || !box) return;
    const size = () => ({ width: box.clientWidth, height: box.clientHeight });
    let { width, height } = size();
    const logos: FallingLogo[] = spawnLogos(LANDING_LOGO_SERVICES.length, width, height);
    const draw = () =>
      logos.forEach((logo, index) => {
        const element = items.current[index];
        if (element) {
          element.style.transform = `translate3d(${logo.x}px, ${logo.y}px, 0) rotate(${logo.rotation}deg)`;
        }
      });

    if (still) {
      // Still: spread them over the screen instead of stacking them above it.
      logos.forEach((logo, index) => {
        logo.y = ((index + 0.5) / logos.length) * Math.max(height - FALLING.size, 0);
      });
      stepLogos(logos, width, height);
      draw();
      return;
    }
    draw();
    const onResize = () => {
      ({ width, height } = size());
    };
    window.addEventListener('resize', onResize);
    const timer = window.setInterval(() => {
      stepLogos(logos, width, height);
      draw();
    }, FALLING.tickMs);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [drawing, still]);

  return (
    <div
      ref={container}
      aria-hidden="true"
      data-testid="falling-logos"
      className="pointer-events-none fixed inset-0 z-0 overflow-hidden"
    >
      {LANDING_LOGO_SERVICES.slice(0, joined).map((serviceId, index) => (
        <div
          key={serviceId}
          ref={(element) => {
            items.current[index] = element;
          }}
          className="absolute left-0 top-0 will-change-transform"
          style={{ opacity: FALLING.opacity, transform: 'translate3d(0, -200px, 0)' }}
        >
          <div className="animate-[logo-join_600ms_ease-out]">
            <LookupLogo {...logoProps(serviceId)} />
          </div>
        </div>
      ))}
    </div>
  );
}
