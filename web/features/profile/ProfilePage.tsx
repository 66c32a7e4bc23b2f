import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { accentVariables } from '../../../shared/accent-palette.ts';
import { liveFirst } from '../../components/codes/expiry.ts';
import { ReportButton } from '../../components/moderation/ReportButton.tsx';
import { identityOf } from '../../components/profile/identity.ts';
import { ProfileHeader } from '../../components/profile/ProfileHeader.tsx';
import { paths } from '../../paths.ts';
import { useProfile } from './api.ts';
import { CODE_OVERLAY } from './code-overlay.ts';
import { ProfileCodeCard } from './ProfileCodeCard.tsx';
import { ProfileNotFound, ProfileSkeleton } from './ProfileStates.tsx';
import { profileNotFoundHead, profileTitle } from './profile-meta.ts';

// The popup (modal, QR) is its own chunk: the profile's first load stays small.
const CodeDetailDialog = lazy(() => import('../../components/codes/CodeDetailDialog.tsx'));

/**
 * The public profile of spec §2 (/:username). Each card is a link to its code's own page; with
 * JavaScript the card opens the code's popup instead, and the address bar shows the code's URL.
 */
export function ProfilePage({
  username,
  openCodeId,
}: {
  username: string;
  /** The code whose popup is open (the URL is its page), or null. */
  openCodeId: string | null;
}) {
  const profile = useProfile(username);
  const navigate = useNavigate();
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const [dialogLoaded, setDialogLoaded] = useState(openCodeId !== null);
  const shownName = profile.data?.username ?? username.toLowerCase();
  const openCode = profile.data?.codes.find((code) => code.id === openCodeId) ?? null;
  // The answer's timer fires 1.5 s later: it must see the popup open then, not at the answer.
  const openNow = useRef(openCodeId);
  openNow.current = openCodeId;

  const missing = profile.data === null;
  // The server's title (issue 26): the display name when set.
  const displayName = profile.data?.identity?.displayName ?? null;
  useEffect(() => {
    document.title = missing
      ? profileNotFoundHead(shownName).title
      : profileTitle(shownName, displayName);
  }, [missing, shownName, displayName]);

  // The API followed a rename's redirect: show the profile under its current name.
  const current = profile.data?.username;
  useEffect(() => {
    if (current && current !== username.toLowerCase()) {
      navigate(paths.profile(current), { replace: true });
    }
  }, [current, username, navigate]);

  if (profile.data === null) return <ProfileNotFound username={username} />;

  const open = (codeId: string) => {
    setDialogLoaded(true);
    navigate(paths.code(shownName, codeId), { state: CODE_OVERLAY });
  };
  // Back to the profile entry the popup was opened from.
  const close = () => navigate(-1);

  // The owner's accent repaints the page's accent utilities (decision 103): CSS variables on this
  // element, in the server's HTML, so the colour needs no script.
  const identity = identityOf(profile.data);
  return (
    <section
      className="mx-auto max-w-5xl px-4 py-8 sm:py-12"
      data-accent={identity.accent}
      style={accentVariables(identity.accent)}
    >
      {profile.isPending ? (
        <ProfileSkeleton />
      ) : (
        <>
          <ProfileHeader username={shownName} identity={identity} />
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
              <p className="mt-6 text-gray-600 dark:text-gray-300">
                Open a card to see and copy its code.
              </p>
              <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {liveFirst(profile.data.codes).map((code) => (
                  <ProfileCodeCard
                    key={code.id}
                    code={code}
                    href={paths.code(shownName, code.id)}
                    copied={copiedId === code.id}
                    onOpen={() => open(code.id)}
                  />
                ))}
              </ul>
            </>
          )}
        </>
      )}
      <p className="mt-10 text-center text-sm text-gray-600 dark:text-gray-300">
        Looking for another service?{' '}
        <a
          href={paths.directory}
          className="font-medium text-accent-700 underline dark:text-accent-300"
        >
          Find a code
        </a>
      </p>
      {profile.data && (
        <div className="mt-2 flex justify-center">
          <ReportButton target={{ type: 'profile', username: shownName }} />
        </div>
      )}
      {dialogLoaded && (
        <Suspense fallback={null}>
          <CodeDetailDialog
            code={openCode}
            onClose={close}
            onCopiedChange={setCopiedId}
            onAnswered={(codeId) => {
              // Close only if this code's popup is still the one open.
              if (codeId === openNow.current) close();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
