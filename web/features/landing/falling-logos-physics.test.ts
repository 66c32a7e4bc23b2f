import { describe, expect, it } from 'vitest';
import { FALLING, type FallingLogo, spawnLogos, stepLogos } from './falling-logos-physics.ts';

describe('falling logos', () => {
  it('uses the constants of spec §9', () => {
    expect(FALLING).toMatchObject({
      size: 80,
      opacity: 0.9,
      minSpeed: 0.8,
      maxSpeed: 2.0,
      rotationStep: 0.3,
      tickMs: 30,
      minSpacing: 100,
    });
  });

  it('spawns 13 logos with speeds of 0.8–2.0 px per tick and x inside the screen', () => {
    const logos = spawnLogos(13, 1280, 800);
    expect(logos).toHaveLength(13);
    for (const logo of logos) {
      expect(logo.speed).toBeGreaterThanOrEqual(0.8);
      expect(logo.speed).toBeLessThanOrEqual(2.0);
      expect(logo.x).toBeGreaterThanOrEqual(0);
      expect(logo.x).toBeLessThanOrEqual(1280 - 80);
    }
  });

  it('falls by its speed and turns 0.3° each tick', () => {
    const logo: FallingLogo = { x: 100, y: 10, speed: 1.5, rotation: 10 };
    stepLogos([logo], 1280, 800);
    expect(logo.y).toBeCloseTo(11.5);
    expect(logo.rotation).toBeCloseTo(10.3);
  });

  it('pushes logos closer than 100 px apart', () => {
    const a: FallingLogo = { x: 500, y: 100, speed: 1, rotation: 0 };
    const b: FallingLogo = { x: 540, y: 100, speed: 1, rotation: 0 };
    stepLogos([a, b], 1280, 800);
    expect(b.x - a.x).toBeCloseTo(100);
  });

  it('leaves logos 100 px or more apart alone', () => {
    const a: FallingLogo = { x: 200, y: 100, speed: 1, rotation: 0 };
    const b: FallingLogo = { x: 320, y: 100, speed: 1, rotation: 0 };
    stepLogos([a, b], 1280, 800);
    expect([a.x, b.x]).toEqual([200, 320]);
  });

  it('wraps a logo that leaves the bottom back to the top', () => {
    const logo: FallingLogo = { x: 100, y: 799.5, speed: 1, rotation: 0 };
    stepLogos([logo], 1280, 800, () => 0.5);
    expect(logo.y).toBe(-80);
    expect(logo.x).toBe((1280 - 80) / 2);
  });
});
