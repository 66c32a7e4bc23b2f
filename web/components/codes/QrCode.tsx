import { useEffect, useRef, useState } from 'react';
import { QR_OPTIONS } from '../../../shared/limits.ts';

/**
 * A QR code of `url` (spec §9: 240 px, margin 2, #1f2937 on white). The qrcode library is
 * loaded only when a QR code is first shown. Callers pass only links that passed safeHttpUrl.
 */
export function QrCode({ url, label }: { url: string; label: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((qr) => {
        const canvas = canvasRef.current;
        if (!cancelled && canvas) return qr.toCanvas(canvas, url, QR_OPTIONS);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [url]);

  if (failed) return null;
  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={label}
      width={QR_OPTIONS.width}
      height={QR_OPTIONS.width}
      className="h-60 w-60 rounded-lg bg-white"
    />
  );
}
