import { useEffect, useRef } from 'react';
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
 * The landing page's decorative overlay: the 13 logos of spec §2 falling down the screen.
 * It never takes clicks (pointer-events: none) and is hidden from screen readers. Positions
 * are written straight to the DOM each tick, so React does not re-render 33 times a second.
 * Under prefers-reduced-motion the logos are drawn once, standing still.
 */
export function FallingLogos() {
  const container = useRef<HTMLDivElement>(null);
  const items = useRef<Array<HTMLDivElement | null>>([]);

  useEffect(() => {
    const box = container.current;
    if (!box) return;
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

    if (prefersReducedMotion()) {
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
  }, []);

  return (
    <div
      ref={container}
      aria-hidden="true"
      data-testid="falling-logos"
      className="pointer-events-none fixed inset-0 z-0 overflow-hidden"
    >
      {LANDING_LOGO_SERVICES.map((serviceId, index) => (
        <div
          key={serviceId}
          ref={(element) => {
            items.current[index] = element;
          }}
          className="absolute left-0 top-0 will-change-transform"
          style={{ opacity: FALLING.opacity, transform: 'translate3d(0, -200px, 0)' }}
        >
          <LookupLogo {...logoProps(serviceId)} />
        </div>
      ))}
    </div>
  );
}
