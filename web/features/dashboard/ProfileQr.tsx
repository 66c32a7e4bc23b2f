import { toDataURL } from 'qrcode';
import { QR_OPTIONS } from '../../../shared/limits.ts';
import { QrSvg, qrSvgDocument } from '../../components/codes/QrSvg.tsx';
import { buttonClasses } from '../../components/ui/Button.tsx';

/** A PNG big enough for a flyer or a business card; the spec's colours and margin. */
const PRINT_PNG_WIDTH = 1024;

function download(href: string, filename: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/**
 * The profile's QR code, to print on a flyer or a business card: shown, and downloadable as PNG
 * or SVG (same encoder and colours as every QR code in the app).
 */
export function ProfileQr({ url, username }: { url: string; username: string }) {
  const filename = `refstash-${username}-qr`;
  const downloadPng = async () => {
    download(await toDataURL(url, { ...QR_OPTIONS, width: PRINT_PNG_WIDTH }), `${filename}.png`);
  };
  const downloadSvg = () => {
    const blob = new Blob([qrSvgDocument(url)], { type: 'image/svg+xml' });
    const href = URL.createObjectURL(blob);
    download(href, `${filename}.svg`);
    // The click has started the download; the address can go once it has been read.
    window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
  };
  return (
    <div className="flex shrink-0 flex-col items-center gap-2">
      <div className="rounded-xl bg-white p-2 ring-1 ring-gray-200 dark:ring-gray-700">
        <QrSvg url={url} label={`QR code for your profile, ${url}`} className="h-32 w-32" />
      </div>
      <div className="flex gap-2">
        <button type="button" className={buttonClasses('secondary')} onClick={downloadPng}>
          Download PNG
        </button>
        <button type="button" className={buttonClasses('secondary')} onClick={downloadSvg}>
          Download SVG
        </button>
      </div>
    </div>
  );
}
