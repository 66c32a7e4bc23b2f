import fs from 'node:fs';
import { createRequire } from 'node:module';
import { SHARE_IMAGE_SIZE } from '../../../shared/limits.ts';
import type { ImageNode } from './share-image-layout.ts';

const require = createRequire(import.meta.url);

/** Inter, shipped as an npm package (@fontsource/inter): satori reads WOFF, not WOFF2. */
function font(weight: 400 | 700) {
  const file = require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);
  return { name: 'Inter', data: fs.readFileSync(file), weight, style: 'normal' as const };
}

let fonts: ReturnType<typeof font>[] | undefined;

/**
 * Lays the tree out with satori (text becomes paths, so drawing needs no font) and draws the SVG
 * as a PNG with resvg, several times faster than librsvg on these images (decision 060). Both
 * load with the first image, not at startup.
 */
export async function renderPng(tree: ImageNode): Promise<Buffer> {
  const [{ default: satori }, { Resvg }] = await Promise.all([
    import('satori'),
    import('@resvg/resvg-js'),
  ]);
  fonts ??= [font(400), font(700)];
  const svg = await satori(tree as never, { ...SHARE_IMAGE_SIZE, fonts });
  return new Resvg(svg).render().asPng();
}

/** A logo drawn once as a small PNG: embedded PNGs draw far faster than nested SVG documents. */
export async function rasterLogo(svg: string, size: number): Promise<Buffer> {
  const { Resvg } = await import('@resvg/resvg-js');
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}
