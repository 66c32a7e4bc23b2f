import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { PublicCodeDto } from '../../../shared/code-schemas.ts';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useProfile } from './api.ts';
import { ProfileCodeCard } from './ProfileCodeCard.tsx';
import { ProfileNotFound, ProfileSkeleton } from './ProfileStates.tsx';

// The popup (modal, QR) is its own chunk: the profile's first load stays small.
const CodeDetailDialog = lazy(() => import('./CodeDetailDialog.tsx'));

/** The public profile of spec §2 (/:username). */
export default function ProfilePage() {
  const { username = '' } = useParams();
  const profile = useProfile(username);
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const [openCode, setOpenCode] = useState<PublicCodeDto | null>(null);
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const shownName = profile.data?.username ?? username.toLowerCase();

  useEffect(() => {
    document.title = `@${shownName}'s referral codes · Refstash`;
  }, [shownName]);

  if (
    profile.isError &&
    isApiError(profile.error) &&
    profile.error.code === ERROR_CODES.userNotFound
  ) {
    return <ProfileNotFound />;
  }

  const open = (code: PublicCodeDto) => {
    setDialogLoaded(true);
    setOpenCode(code);
  };
  const close = () => setOpenCode(null);

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      {profile.isPending ? (
        <ProfileSkeleton />
      ) : (
        <>
          <h1 className="break-words text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl dark:text-white">
            @{shownName}'s referral codes
          </h1>
          {profile.isError ? (
            <p
              role="alert"
              className="mt-6 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
            >
              Failed to load codes
            </p>
          ) : profile.data.codes.length === 0 ? (
            <p className="mt-8 rounded-xl border border-dashed border-gray-300 px-4 py-12 text-center text-gray-600 dark:border-gray-700 dark:text-gray-300">
              No referral codes yet
            </p>
          ) : (
            <>
              <p className="mt-2 text-gray-600 dark:text-gray-300">
                Tap a card to see and copy its code.
              </p>
              <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {profile.data.codes.map((code) => (
                  <ProfileCodeCard
                    key={code.id}
                    code={code}
                    copied={copiedId === code.id}
                    onOpen={() => open(code)}
                  />
                ))}
              </ul>
            </>
          )}
        </>
      )}
      {dialogLoaded && (
        <Suspense fallback={null}>
          <CodeDetailDialog
            code={openCode}
            onClose={close}
            onCopiedChange={setCopiedId}
            onCopied={(codeId) =>
              // Close only if this code's popup is still the one open.
              setOpenCode((current) => (current?.id === codeId ? null : current))
            }
          />
        </Suspense>
      )}
    </section>
  );
}
