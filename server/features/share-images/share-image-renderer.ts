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
  const [svg, { Resvg }] = await Promise.all([renderSvg(tree), import('@resvg/resvg-js')]);
  return new Resvg(svg).render().asPng();
}

/** The tree laid out by satori as an SVG of SHARE_IMAGE_SIZE (what renderPng draws). */
export async function renderSvg(tree: ImageNode): Promise<string> {
  const { default: satori } = await import('satori');
  fonts ??= [font(400), font(700)];
  return satori(tree as never, { ...SHARE_IMAGE_SIZE, fonts });
}

/**
 * An SVG (a logo, the tiles' shadow) drawn once, `size` px wide, as a PNG data URI to embed:
 * embedded PNGs draw far faster than nested SVG documents or filters.
 */
export async function rasterDataUri(svg: string, size: number): Promise<string> {
  const { Resvg } = await import('@resvg/resvg-js');
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
  return `data:image/png;base64,${png.toString('base64')}`;
}
