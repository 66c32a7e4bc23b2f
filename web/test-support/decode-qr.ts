import jsQRModule from 'jsqr';

// A CommonJS package: its function is the module itself or its `default`, by loader.
const jsQR = ((jsQRModule as unknown as { default?: unknown }).default ??
  jsQRModule) as unknown as typeof jsQRModule.default;

/**
 * Decodes a QR code drawn as our SVG (a `viewBox` and one path of `M x y h w v1 h-w z` runs) with
 * an independent decoder (jsQR), so a test proves the code scans to the text, not merely that a
 * path was drawn.
 */
export function decodeQrSvg(svg: SVGSVGElement, scale = 4): string | null {
  const size = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
  const path = svg.querySelector('path')?.getAttribute('d') ?? '';
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let dy = 0; dy < scale; dy += 1) {
      for (let dx = 0; dx < Number(run) * scale; dx += 1) {
        const offset = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        pixels[offset] = 0;
        pixels[offset + 1] = 0;
        pixels[offset + 2] = 0;
      }
    }
  }
  return jsQR(pixels, width, width)?.data ?? null;
}
