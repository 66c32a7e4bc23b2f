import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '../../paths.ts';
import { RULES_TITLE } from './rules-meta.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-8">
      <h2 className="text-xl font-semibold text-gray-900 dark:text-white">{title}</h2>
      <div className="mt-3 space-y-3 text-gray-700 dark:text-gray-200">{children}</div>
    </section>
  );
}

const LIST = 'list-disc space-y-2 pl-5 marker:text-gray-400';

/**
 * `/rules` (issue 23): what may be shared, what gets removed and how to appeal. Linked from the
 * report dialog, the footer and the code form; rendered on the server like every public page.
 */
export default function RulesPage() {
  useEffect(() => {
    document.title = RULES_TITLE;
  }, []);

  return (
    <article className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl dark:text-white">
        Rules
      </h1>
      <p className="mt-2 text-gray-600 dark:text-gray-300">
        Refstash is a place to share your own referral codes. These rules keep it useful and safe
        for the people who use them.
      </p>

      <Section title="What you may share">
        <ul className={LIST}>
          <li>Your own referral or invite codes for real services, with the reward they give.</li>
          <li>
            The link the service gave you for the code. Codes whose link is on the service's own
            website (or a host the admins allow for that service) can be listed on its service page;
            any other web link shows on your profile only.
          </li>
          <li>
            Codes of a new account join the service pages after a few days. Your profile shows them
            from the start.
          </li>
        </ul>
      </Section>

      <Section title="What gets removed">
        <p>An admin hides a code, or disables an account, that is:</p>
        <ul className={LIST}>
          <li>spam, or not a referral code;</li>
          <li>a scam or phishing link, or a link that leads somewhere other than the service;</li>
          <li>impersonation, or a code that belongs to someone else;</li>
          <li>offensive;</li>
          <li>against the service's own referral terms (some services forbid public posting).</li>
        </ul>
        <p>
          A hidden code leaves your profile, its own page and the service pages. A disabled account
          can no longer sign in, and its profile and codes are gone from every public page.
        </p>
      </Section>

      <Section title="Reporting">
        <p>
          Anyone can report a code or a profile with the <strong>Report</strong> button beside it;
          no account is needed. Reports never hide anything on their own: an admin reviews each one
          and decides.
        </p>
      </Section>

      <Section title="How to appeal">
        <p>
          Every decision comes with a reason. When an admin hides one of your codes, you receive an
          e-mail with the reason, and the code shows <strong>Hidden by an admin</strong> on your{' '}
          <Link
            to={paths.dashboard}
            className="font-medium text-accent-700 underline underline-offset-2 dark:text-accent-300"
          >
            dashboard
          </Link>
          . Press <strong>Appeal</strong> there and tell us why it should come back. You can appeal
          each decision once; an admin reviews it and you receive the answer by e-mail.
        </p>
        <p>
          A disabled account cannot sign in: reply to the e-mail that told you, and say why it
          should be restored. An admin answers by e-mail.
        </p>
        <p>Every decision and its reason are kept in an audit log.</p>
      </Section>
    </article>
  );
}
