import { lazy, Suspense, useState } from 'react';
import { copyText } from '../../components/codes/clipboard.ts';
import { Button, buttonClasses } from '../../components/ui/Button.tsx';
import { paths } from '../../paths.ts';

// The QR encoder loads after the dashboard itself (a placeholder of its size holds the place).
const ProfileQr = lazy(() =>
  import('./ProfileQr.tsx').then((module) => ({ default: module.ProfileQr })),
);

/**
 * The share-profile box: the profile URL (site origin + /username), Copy Link, View Profile, and
 * the profile's QR code with its downloads.
 */
export function ShareBox({ username }: { username: string }) {
  const url = `${window.location.origin}${paths.profile(username)}`;
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  const copy = async () => {
    try {
      await copyText(url);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <section
      aria-labelledby="share-heading"
      className="rounded-xl border border-accent-200 bg-accent-50 p-4 sm:p-5 dark:border-accent-800 dark:bg-gray-900"
    >
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:gap-6">
        <div className="min-w-0 flex-1">
          <h2
            id="share-heading"
            className="text-sm font-semibold text-accent-800 dark:text-accent-300"
          >
            Share your profile
          </h2>
          <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
            Send the link, or print the QR code on a flyer or a business card.
          </p>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
            <label htmlFor="profile-url" className="sr-only">
              Your profile URL
            </label>
            <input
              id="profile-url"
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="min-h-11 min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-3 font-mono text-sm text-gray-800 dark:border-gray-600 dark:bg-gray-950 dark:text-gray-100"
            />
            <div className="flex gap-2">
              <Button
                variant={state === 'copied' ? 'success' : 'primary'}
                onClick={copy}
                className="flex-1"
              >
                {state === 'copied' ? 'Copied!' : 'Copy Link'}
              </Button>
              <a
                href={paths.profile(username)}
                target="_blank"
                rel="noopener"
                className={`${buttonClasses('secondary')} flex-1 whitespace-nowrap sm:flex-none`}
              >
                View Profile
              </a>
            </div>
          </div>
          {state === 'failed' && (
            <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
              Failed to copy the link. Please select it and copy it manually.
            </p>
          )}
        </div>
        <Suspense
          fallback={
            <div
              aria-hidden="true"
              className="h-48 w-60 shrink-0 animate-pulse rounded-xl bg-white/60 dark:bg-gray-800"
            />
          }
        >
          <ProfileQr url={url} username={username} />
        </Suspense>
      </div>
    </section>
  );
}
