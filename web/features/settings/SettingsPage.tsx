import { useEffect } from 'react';
import { Link } from 'react-router';
import { IDENTITY_SCREEN_MESSAGES } from '../../../shared/profile-identity-screens.ts';
import { BackToDashboard } from '../../components/ui/BackToDashboard.tsx';
import { Banner } from '../../components/ui/Banner.tsx';
import { useMe } from '../../lib/session.ts';
import { useTimedBanner } from '../../lib/use-timed-banner.ts';
import { paths } from '../../paths.ts';
import { PasskeysSection } from '../passkeys/PasskeysSection.tsx';
import { ApiTokensSection } from './ApiTokensSection.tsx';
import { DataSection } from './DataSection.tsx';
import { DeleteAccountForm } from './DeleteAccountForm.tsx';
import { EmailSection } from './EmailSection.tsx';
import { ListingDefaultSwitch } from './ListingDefaultSwitch.tsx';
import { ProfileIdentitySection } from './ProfileIdentityForm.tsx';
import { RenameForm } from './RenameForm.tsx';
import { SessionsSection } from './SessionsSection.tsx';
import { SettingsSection } from './SettingsSection.tsx';

function utcDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

const PASSKEYS_DESCRIPTION =
  'Sign in with your fingerprint, face or screen lock instead of waiting for an e-mail. The e-mail link keeps working.';

/** /settings: the account, the username, the owner's data, and leaving (RequireAuth guards it). */
export default function SettingsPage() {
  const me = useMe().data;
  const banner = useTimedBanner();

  useEffect(() => {
    document.title = 'Settings · Refstash';
  }, []);

  if (!me?.username) return null;

  return (
    <section className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:py-10">
      <header className="space-y-1">
        <BackToDashboard />
        <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl dark:text-white">
          Settings
        </h1>
      </header>

      {banner.message && (
        <Banner tone="success" onDismiss={banner.hide}>
          {banner.message}
        </Banner>
      )}

      <SettingsSection title="Account">
        <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-gray-600 dark:text-gray-400">E-mail address</dt>
          <dd className="min-w-0 break-all text-gray-900 dark:text-gray-100">{me.email}</dd>
          <dt className="font-medium text-gray-600 dark:text-gray-400">Profile</dt>
          <dd className="min-w-0 break-all">
            <Link
              to={paths.profile(me.username)}
              className="text-accent-700 hover:underline dark:text-accent-300"
            >
              @{me.username}
            </Link>
          </dd>
          <dt className="font-medium text-gray-600 dark:text-gray-400">Member since</dt>
          <dd className="text-gray-900 dark:text-gray-100">{utcDate(me.createdAt)}</dd>
        </dl>
      </SettingsSection>

      <SettingsSection
        title="Profile"
        description="What visitors see at the top of your profile: your picture, name, a few words, your links and a colour."
      >
        <ProfileIdentitySection
          username={me.username}
          onSaved={() => banner.show(IDENTITY_SCREEN_MESSAGES.saved)}
        />
      </SettingsSection>

      <SettingsSection
        title="Username"
        description="Your username is the address of your public profile."
      >
        <RenameForm
          current={me.username}
          renameAllowedAt={me.renameAllowedAt}
          onRenamed={() => banner.show('Username changed successfully')}
        />
      </SettingsSection>

      <SettingsSection title="Passkeys" description={PASSKEYS_DESCRIPTION}>
        <PasskeysSection />
      </SettingsSection>

      <SettingsSection
        title="Service pages"
        description="Each service has a page where visitors find the codes its members listed."
      >
        <ListingDefaultSwitch value={me.listNewCodes} />
      </SettingsSection>

      <SessionsSection />

      <ApiTokensSection />

      <SettingsSection
        title="E-mail"
        description="Choose which e-mails Refstash sends you about your codes. Every e-mail also has a one-click unsubscribe link."
      >
        <EmailSection />
      </SettingsSection>

      <SettingsSection
        title="Your data"
        description="Download everything, or add codes from a spreadsheet."
      >
        <DataSection />
      </SettingsSection>

      <SettingsSection
        title="Delete account"
        tone="danger"
        description="Delete your account and everything in it."
      >
        <DeleteAccountForm username={me.username} />
      </SettingsSection>
    </section>
  );
}
