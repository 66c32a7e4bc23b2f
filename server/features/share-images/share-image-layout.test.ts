import { describe, expect, it } from 'vitest';
import {
  landingImageLayout,
  profileImageLayout,
  serviceImageLayout,
  TILE_SHADOW,
} from './share-image-layout.ts';
import { rasterDataUri, renderSvg } from './share-image-renderer.ts';

/**
 * Points of everything satori drew as a path: each glyph's points (absolute commands only), and
 * the start of each other shape (the tiles' rounded rectangles are relative commands after it).
 */
function pathPoints(svg: string): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  for (const [, d = ''] of svg.matchAll(/<path[^>]* d="([^"]+)"/g)) {
    const numbers =
      (/[a-z]/.test(d) ? d.slice(0, d.search(/[a-z]/)) : d)
        .match(/-?\d+(?:\.\d+)?(?:e-?\d+)?/g)
        ?.map(Number) ?? [];
    for (let i = 0; i + 1 < numbers.length; i += 2) points.push([numbers[i]!, numbers[i + 1]!]);
  }
  return points;
}

/** Each embedded image's box: the mark, the logos, the tiles' shadows. */
function imageBoxes(svg: string) {
  return [...svg.matchAll(/<image x="([^"]+)" y="([^"]+)" width="([^"]+)" height="([^"]+)"/g)].map(
    ([, x, y, width, height]) => ({ x: +x!, y: +y!, right: +x! + +width!, bottom: +y! + +height! }),
  );
}

const shadowUri = () => rasterDataUri(TILE_SHADOW.svg, TILE_SHADOW.px);

const NO_LOGOS = ['Uber', 'Airbnb', 'Netflix', 'PayPal', 'Revolut', 'Wise'].map((name) => ({
  name,
  dataUri: null,
}));

/** All drawing stays within the 1200 × 630 image's 72 px margin (1 px for curves' handles). */
function expectInsideMargin(svg: string) {
  const points = pathPoints(svg);
  expect(points.length).toBeGreaterThan(100);
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  expect(Math.min(...xs)).toBeGreaterThanOrEqual(72 - 1);
  expect(Math.max(...xs)).toBeLessThanOrEqual(1200 - 72 + 1);
  expect(Math.min(...ys)).toBeGreaterThanOrEqual(72 - 1);
  expect(Math.max(...ys)).toBeLessThanOrEqual(630 - 72 + 1);
  for (const box of imageBoxes(svg)) {
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(1200);
    expect(box.bottom).toBeLessThanOrEqual(630);
  }
}

describe('share image layout', () => {
  it('fits the longest username, six tiles, "+N" and a long address inside the image', async () => {
    const svg = await renderSvg(
      profileImageLayout({
        username: 'a_very_long_username',
        codeCount: 20,
        logos: NO_LOGOS,
        moreServices: 14,
        footer: 'refstash.example.com/a_very_long_username',
        tileShadow: await shadowUri(),
      }),
    );
    expect(svg).toMatch(/^<svg width="1200" height="630"/);
    expectInsideMargin(svg);
    // One shadow under each of the six tiles, and no blur filter for resvg to draw.
    expect(imageBoxes(svg).filter((b) => b.right - b.x === 168)).toHaveLength(6);
    expect(svg).not.toContain('feGaussianBlur');
  });

  it('fits a service image with a long name inside the image', async () => {
    for (const name of ['Uber', 'American Express Membership Rewards Program']) {
      const svg = await renderSvg(
        serviceImageLayout({
          name,
          codeCount: 1234,
          logo: { name, dataUri: null },
          footer: 'refstash.example.com/s/americanexpressmembershiprewards',
          tileShadow: await shadowUri(),
        }),
      );
      expectInsideMargin(svg);
    }
  });

  it('fits the landing image inside the image too', async () => {
    const svg = await renderSvg(
      landingImageLayout(NO_LOGOS, 'refstash.example.com', await shadowUri()),
    );
    expectInsideMargin(svg);
  });
});
