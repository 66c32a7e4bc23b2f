import jsQRModule from 'jsqr';

// A CommonJS package: its function is the module itself or its `default`, by loader.
const jsQR = ((jsQRModule as unknown as { default?: unknown }).default ??
  jsQRModule) as unknown as typeof jsQRModule.default;

/** Decodes RGBA pixels with an independent decoder (jsQR). */
export function decodeQrPixels(pixels: Uint8ClampedArray, width: number, height: number) {
  return jsQR(pixels, width, height)?.data ?? null;
}

/**
 * Decodes a QR code drawn as our SVG markup (a `viewBox` and one path of `M x y h w v1 h-w z`
 * runs), so a test proves the code scans to the text, not merely that a path was drawn.
 */
export function decodeQrMarkup(svg: string, scale = 4): string | null {
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const path = /<path d="([^"]+)"/.exec(svg)?.[1] ?? '';
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
  return decodeQrPixels(pixels, width, width);
}

/** The same, for a rendered `<svg>` element. */
export function decodeQrSvg(svg: SVGSVGElement, scale = 4): string | null {
  return decodeQrMarkup(svg.outerHTML, scale);
}
