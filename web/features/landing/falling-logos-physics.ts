/** The falling-logo constants of spec §9. */
export const FALLING = Object.freeze({
  size: 80,
  opacity: 0.9,
  minSpeed: 0.8,
  maxSpeed: 2.0,
  rotationStep: 0.3,
  tickMs: 30,
  minSpacing: 100,
});

export interface FallingLogo {
  x: number;
  y: number;
  speed: number;
  rotation: number;
}

/**
 * Random speed, rotation and horizontal start. The first fall is spread over the screen so the
 * page looks alive at once; after wrapping, every logo starts from the top.
 */
export function spawnLogos(count: number, width: number, height: number, random = Math.random) {
  return Array.from(
    { length: count },
    (_, index): FallingLogo => ({
      x: random() * Math.max(width - FALLING.size, 0),
      y: ((index + random()) / count) * (height + FALLING.size) - FALLING.size,
      speed: FALLING.minSpeed + random() * (FALLING.maxSpeed - FALLING.minSpeed),
      rotation: random() * 360,
    }),
  );
}

/**
 * One 30 ms tick: each logo falls by its speed and turns by the rotation step; logos whose
 * centres are closer than the minimum spacing push each other apart sideways; a logo that
 * leaves the bottom wraps back to the top at a new random x.
 */
export function stepLogos(
  logos: FallingLogo[],
  width: number,
  height: number,
  random = Math.random,
): void {
  const maxX = Math.max(width - FALLING.size, 0);
  for (const logo of logos) {
    logo.y += logo.speed;
    logo.rotation = (logo.rotation + FALLING.rotationStep) % 360;
  }
  for (let i = 0; i < logos.length; i += 1) {
    for (let j = i + 1; j < logos.length; j += 1) {
      const a = logos[i] as FallingLogo;
      const b = logos[j] as FallingLogo;
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const distance = Math.hypot(dx, dy);
      if (distance >= FALLING.minSpacing) continue;
      // Split the overlap; a perfect vertical stack is pushed apart in a random direction.
      const push = (FALLING.minSpacing - distance) / 2;
      const direction = distance > 0.001 ? dx / distance : random() < 0.5 ? -1 : 1;
      a.x -= direction * push;
      b.x += direction * push;
    }
  }
  for (const logo of logos) {
    logo.x = Math.min(Math.max(logo.x, 0), maxX);
    if (logo.y > height) {
      logo.y = -FALLING.size;
      logo.x = random() * maxX;
    }
  }
}
