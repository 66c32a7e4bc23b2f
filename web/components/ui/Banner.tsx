import type { ReactNode } from 'react';

export interface BannerProps {
  tone: 'success' | 'error' | 'warning' | 'info';
  children: ReactNode;
  /** Shows a dismiss button when given. */
  onDismiss?: () => void;
  className?: string;
}

const TONES: Record<BannerProps['tone'], string> = {
  success:
    'border-green-200 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200',
  error:
    'border-red-200 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200',
  warning:
    'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
  info: 'border-accent-200 bg-accent-50 text-accent-800 dark:border-accent-800 dark:bg-gray-900 dark:text-accent-300',
};

/** An inline message. Success and info are polite (role=status); errors and warnings are alerts. */
export function Banner({ tone, children, onDismiss, className = '' }: BannerProps) {
  return (
    <div
      role={tone === 'success' || tone === 'info' ? 'status' : 'alert'}
      className={`flex items-start gap-3 rounded-xl border px-4 py-3 text-sm ${TONES[tone]} ${className}`}
    >
      <div className="min-w-0 flex-1">{children}</div>
      {/* 44 px tap target; negative margins keep a one-line banner one line tall. */}
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="-my-3 -mr-3 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg opacity-80 hover:opacity-100"
        >
          <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true" fill="currentColor">
            <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
          </svg>
        </button>
      )}
    </div>
  );
}
