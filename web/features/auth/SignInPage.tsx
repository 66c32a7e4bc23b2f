import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES } from '../../../shared/auth-schemas.ts';
import { PageSkeleton } from '../../components/layout/PageSkeleton.tsx';
import { meQueryKey, useMe } from '../../lib/session.ts';
import { paths } from '../../paths.ts';
import { storedSignInEmail } from './api.ts';
import { ChooseUsernameForm } from './ChooseUsernameForm.tsx';
import { CompleteSignIn } from './CompleteSignIn.tsx';
import { RequestLinkForm } from './RequestLinkForm.tsx';

type Mode = 'complete' | 'request' | 'username';

/**
 * /magic-link and /finishSignUp: one screen, three modes. A `token` in the URL means the page
 * was opened from a sign-in link (complete); a signed-in user without a username picks one
 * (username); anyone else requests a link (request).
 */
export default function SignInPage() {
  const [params] = useSearchParams();
  // Read once: completion takes the token out of the address bar.
  const [token] = useState(() => params.get('token'));
  const [mode, setMode] = useState<Mode | null>(token ? 'complete' : null);
  const [notice, setNotice] = useState<string | undefined>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe();

  const toDashboard = () => navigate(paths.dashboard, { replace: true });
  const backToRequest = (message?: string) => {
    setNotice(message);
    setMode('request');
    navigate(paths.magicLink, { replace: true });
  };

  if (mode === 'complete' && token) {
    return (
      <CompleteSignIn
        token={token}
        onSignedIn={(isNewUser) => (isNewUser ? setMode('username') : toDashboard())}
        onRequestNewLink={() => backToRequest()}
      />
    );
  }
  if (mode === 'request') return <RequestLinkForm notice={notice} />;
  if (me.isPending) return <PageSkeleton />;
  const user = me.data;
  if (mode === 'username' || (user && !user.username)) {
    if (!user) return <RequestLinkForm notice={AUTH_MESSAGES.sessionExpired} />;
    return (
      <ChooseUsernameForm
        email={user.email}
        onDone={toDashboard}
        onSessionExpired={() => {
          // The request form starts from the stored address: this user's.
          storedSignInEmail.write(user.email);
          queryClient.setQueryData(meQueryKey, null);
          backToRequest(AUTH_MESSAGES.sessionExpired);
        }}
      />
    );
  }
  if (user) return <Navigate to={paths.dashboard} replace />;
  return <RequestLinkForm />;
}
