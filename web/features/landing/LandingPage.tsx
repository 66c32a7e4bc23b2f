import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Banner } from '../../components/ui/Banner.tsx';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { takeAccountDeletedNotice } from '../../lib/account-deleted.ts';
import { useMe } from '../../lib/session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { paths } from '../../paths.ts';
import { DemoPreview } from './DemoPreview.tsx';
import { FallingLogos } from './FallingLogos.tsx';
import { FROSTED } from './frosted.ts';
import { LANDING_TITLE } from './landing-meta.ts';

/** The landing page of spec §2: headline, Get Started, the demo preview and a closing call. */
export default function LandingPage() {
  useEffect(() => {
    document.title = LANDING_TITLE;
  }, []);
  // The page's HTML is the same for everyone; a signed-in visitor's call to action changes once
  // the browser knows who they are (issue 24).
  const me = useMe();
  const signedIn = useHydrated() && Boolean(me.data?.username);
  const [deleted, setDeleted] = useState(false);
  useEffect(() => setDeleted(takeAccountDeletedNotice()), []);

  return (
    <div className="relative isolate overflow-x-clip">
      <FallingLogos />
      <div className="relative z-10">
        <section className="mx-auto max-w-3xl px-4 pb-8 pt-12 sm:pt-20">
          {/* A frosted panel keeps the text readable over the falling logos. */}
          <div className={`${FROSTED} flex flex-col items-center px-4 py-8 text-center sm:py-10`}>
            <h1 className="text-5xl font-black tracking-tight text-gray-900 sm:text-7xl dark:text-white">
              Refstash
            </h1>
            <p className="mt-5 max-w-xl text-balance text-lg text-gray-700 sm:text-xl dark:text-gray-200">
              Keep all your referral codes in one place and share them on a single public page.
            </p>
            {deleted && (
              <Banner tone="success" className="mt-6 w-full max-w-md">
                Your account has been deleted, with its codes and statistics.
              </Banner>
            )}
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              {signedIn ? (
                <Link to={paths.dashboard} className={buttonClasses('primary', 'lg')}>
                  Go to your dashboard
                </Link>
              ) : (
                <Link to={paths.signup} className={buttonClasses('primary', 'lg')}>
                  Get Started
                </Link>
              )}
              <a href={paths.directory} className={buttonClasses('secondary', 'lg')}>
                Find a code
              </a>
            </div>
          </div>
        </section>

        <DemoPreview />

        <section className="mx-auto max-w-5xl px-4 pb-16 pt-4">
          <div className="rounded-2xl bg-accent-600 px-6 py-10 text-center shadow-lg dark:bg-accent-800">
            <h2 className="text-balance text-2xl font-bold text-white">
              Your codes deserve a home
            </h2>
            <p className="mx-auto mt-2 max-w-lg text-balance text-accent-50">
              Create your free profile in a minute. Sign in with just your{' '}
              <span className="whitespace-nowrap">e-mail</span>.
            </p>
            <Link
              to={paths.signup}
              className="mt-6 inline-flex min-h-12 items-center justify-center rounded-lg bg-white px-6 text-base font-semibold text-accent-700 shadow-sm hover:bg-accent-50"
            >
              Create your profile
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
