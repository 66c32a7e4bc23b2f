import { useState } from 'react';
import { type DeviceSession, SESSION_MESSAGES } from '../../../shared/session-schemas.ts';
import { Banner } from '../../components/ui/Banner.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { formatShortDate } from '../../lib/format-date.ts';
import { SettingsSection } from './SettingsSection.tsx';
import { useSessions, useSignOutOthers, useSignOutSession } from './sessions-api.ts';

function SessionRow({
  session,
  busy,
  onSignOut,
}: {
  session: DeviceSession;
  busy: boolean;
  onSignOut: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900 dark:text-white">
          {session.device}
          {session.current && (
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-900/60 dark:text-green-200">
              This device
            </span>
          )}
        </p>
        <p className="text-sm text-gray-600 dark:text-gray-300">
          <span className="whitespace-nowrap">Signed in {formatShortDate(session.createdAt)}</span>
          {' · '}
          <span className="whitespace-nowrap">Last seen {formatShortDate(session.lastSeenAt)}</span>
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          loading={busy}
          onClick={onSignOut}
          aria-label={`Sign out ${session.device}, signed in ${formatShortDate(session.createdAt)}`}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

/**
 * Settings → 'Where you're signed in' (decision 107): each session with its device and dates,
 * 'This device' marked; 'Sign out' for one, and 'Sign out everywhere else'. Both end the session
 * on every instance at once (sessions are checked in the database on every request).
 */
export function SessionsSection() {
  const sessions = useSessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOthers();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string }>();
  const list = sessions.data ?? [];
  const others = list.filter((session) => !session.current).length;

  const fail = () => setMessage({ tone: 'error', text: SESSION_MESSAGES.signOutFailed });

  return (
    <SettingsSection
      title="Where you're signed in"
      description="Each browser signed in to your account. Sign out of any you do not recognise."
    >
      {sessions.isPending && <Spinner />}
      {sessions.isError && <Banner tone="error">{SESSION_MESSAGES.loadFailed}</Banner>}
      {list.length > 0 && (
        <ul className="divide-y divide-gray-200 dark:divide-gray-800">
          {list.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              busy={signOut.isPending && signOut.variables === session.id}
              onSignOut={() => {
                setMessage(undefined);
                signOut.mutate(session.id, {
                  onSuccess: () =>
                    setMessage({ tone: 'success', text: SESSION_MESSAGES.signedOutOne }),
                  onError: fail,
                });
              }}
            />
          ))}
        </ul>
      )}
      {sessions.isSuccess && (
        <Button
          variant="secondary"
          disabled={others === 0}
          loading={signOutOthers.isPending}
          onClick={() => {
            setMessage(undefined);
            signOutOthers.mutate(undefined, {
              onSuccess: ({ signedOut }) =>
                setMessage({ tone: 'success', text: SESSION_MESSAGES.signedOutOthers(signedOut) }),
              onError: fail,
            });
          }}
        >
          Sign out everywhere else
        </Button>
      )}
      {message && <Banner tone={message.tone}>{message.text}</Banner>}
    </SettingsSection>
  );
}
