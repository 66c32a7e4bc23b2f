import type { ReactNode } from 'react';
import type { PublicCodeDto } from '../../../shared/code-schemas.ts';
import { safeHttpUrl } from '../../../shared/display-rules.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Banner } from '../ui/Banner.tsx';
import { Button } from '../ui/Button.tsx';
import { LinkOrText } from './LinkOrText.tsx';
import { QrSvg } from './QrSvg.tsx';

const LABEL = 'text-xs font-semibold uppercase tracking-wide text-gray-600 dark:text-gray-400';

/**
 * A code with its copy button, its link (clickable only when it is an http(s) URL) and, for such
 * a link, its QR code: the body of the profile's popup and of the code's own page. `afterCopy`
 * ("Did it work?") sits right under the copy button, above the link and the QR code, so a phone
 * shows it without scrolling after a copy (issue 24).
 */
export function CodeCopyPanel({
  code,
  copied,
  error,
  onCopy,
  afterCopy,
}: {
  code: PublicCodeDto;
  copied: boolean;
  error: string | null;
  onCopy: () => void;
  afterCopy?: ReactNode;
}) {
  const url = code.link ? safeHttpUrl(code.link) : null;
  // Without JavaScript the button could not copy: the page's HTML has it disabled (the code is
  // selectable by hand) until the browser takes over (issue 24).
  const hydrated = useHydrated();
  return (
    <>
      <div>
        <p className={LABEL}>Referral code</p>
        <div className="mt-1 flex flex-wrap items-center gap-2 sm:flex-nowrap">
          <code
            data-testid="referral-code"
            className="min-h-11 min-w-0 flex-1 select-all break-all rounded-lg border border-dashed border-gray-300 bg-gray-50 px-3 py-2.5 font-mono text-base font-semibold text-gray-900 dark:border-gray-700 dark:bg-gray-800 dark:text-white"
          >
            {code.code}
          </code>
          <Button
            variant={copied ? 'success' : 'primary'}
            onClick={onCopy}
            disabled={!hydrated}
            className="w-full sm:w-auto"
            // A popup opens with focus here, not on Close (issue 24): Enter copies.
            data-autofocus=""
          >
            {copied ? 'Copied!' : 'Copy code'}
          </Button>
        </div>
      </div>
      {error && <Banner tone="error">{error}</Banner>}
      {afterCopy}
      {code.link && (
        <div>
          <p className={LABEL}>{url ? 'Link' : 'Note'}</p>
          <p className="mt-1 text-sm text-gray-800 dark:text-gray-200">
            {/* Padding on the inline link gives it a 44 px tall tap area without moving the text. */}
            <LinkOrText link={code.link} className="py-3" />
          </p>
        </div>
      )}
      {url && (
        <div className="flex flex-col items-center gap-2 rounded-xl bg-gray-50 p-4 dark:bg-gray-800">
          <QrSvg url={url} label={`QR code for ${code.serviceName} link`} />
          <p className="text-xs text-gray-600 dark:text-gray-300">Scan to open the link</p>
        </div>
      )}
    </>
  );
}
