import { useEffect } from 'react';
import { Link } from 'react-router';
import { accentVariables } from '../../../shared/accent-palette.ts';
import { CodeCopyPanel } from '../../components/codes/CodeCopyPanel.tsx';
import { CodeSummary } from '../../components/codes/CodeSummary.tsx';
import { CodeTerms } from '../../components/codes/CodeTerms.tsx';
import { FeedbackQuestion } from '../../components/codes/FeedbackQuestion.tsx';
import { useCopyCode } from '../../components/codes/use-copy-code.ts';
import { useFeedback } from '../../components/codes/use-feedback.ts';
import { NotFoundPage } from '../../components/errors/NotFoundPage.tsx';
import { ReportButton } from '../../components/moderation/ReportButton.tsx';
import { identityOf } from '../../components/profile/identity.ts';
import { ProfileByline } from '../../components/profile/ProfileByline.tsx';
import { paths } from '../../paths.ts';
import { useProfile } from './api.ts';
import { ProfileNotFound, ProfileSkeleton } from './ProfileStates.tsx';
import { codeTitle } from './profile-meta.ts';

/**
 * One code's own page (/:username/:codeId): what a visitor opens from a shared link. It holds
 * everything the popup does, and reads complete without JavaScript (the QR code is SVG).
 */
export default function CodePage({ username, codeId }: { username: string; codeId: string }) {
  const profile = useProfile(username);
  const { copy, copiedId, error } = useCopyCode();
  const feedback = useFeedback();
  const owner = profile.data?.username ?? username.toLowerCase();
  const code = profile.data?.codes.find((item) => item.id === codeId);
  const feedbackStep = code ? feedback.steps[code.id] : undefined;

  useEffect(() => {
    if (code) document.title = codeTitle(code, owner);
  }, [code, owner]);

  if (profile.data === null) return <ProfileNotFound username={username} />;
  if (profile.isPending) {
    return (
      <section className="mx-auto max-w-xl px-4 py-8 sm:py-12">
        <ProfileSkeleton />
      </section>
    );
  }
  if (profile.isError) {
    return (
      <p role="alert" className="mx-auto max-w-xl px-4 py-12 text-red-700 dark:text-red-400">
        Failed to load codes
      </p>
    );
  }
  if (!code) return <NotFoundPage />;

  // The owner's accent and face, as on their profile (issue 26).
  const identity = identityOf(profile.data);
  return (
    <section
      className="mx-auto max-w-xl px-4 py-8 sm:py-12"
      data-accent={identity.accent}
      style={accentVariables(identity.accent)}
    >
      <h1 className="wrap-anywhere text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl dark:text-white">
        {code.serviceName} referral code
      </h1>
      <p className="mt-2 flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-gray-600 dark:text-gray-300">
        Shared by
        <Link
          to={paths.profile(owner)}
          className="inline-flex min-w-0 max-w-full items-center font-medium text-accent-700 underline-offset-2 hover:underline dark:text-accent-300"
        >
          <ProfileByline
            username={owner}
            displayName={identity.displayName}
            avatar={identity.avatar}
            size={28}
          />
        </Link>
      </p>
      <div className="mt-6 space-y-5 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6 dark:border-gray-800 dark:bg-gray-900">
        <CodeSummary code={code} logoSize={56} headingLevel="h2" />
        <CodeTerms expiresAt={code.expiresAt} countries={code.countries} />
        <CodeCopyPanel
          code={code}
          copied={copiedId === code.id}
          error={error}
          onCopy={() =>
            void copy(code.id, code.code).then((done) => {
              if (done) feedback.copied(code.id);
            })
          }
          afterCopy={
            feedbackStep && (
              <FeedbackQuestion
                step={feedbackStep}
                onNo={() => feedback.setStep(code.id, 'reason')}
                onAnswer={(worked, reason) => feedback.answer(code.id, worked, reason)}
              />
            )
          }
        />
        <div className="-mb-2 flex justify-end">
          <ReportButton target={{ type: 'code', codeId: code.id }} />
        </div>
      </div>
      <p className="mt-6 text-center">
        <Link
          to={paths.profile(owner)}
          className="inline-flex min-h-11 items-center font-medium text-accent-700 underline underline-offset-2 dark:text-accent-300"
        >
          See all of @{owner}'s codes
        </Link>
      </p>
    </section>
  );
}
