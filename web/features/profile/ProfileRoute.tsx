import { lazy } from 'react';
import { useLocation, useParams } from 'react-router';
import { isPossibleUsername, isUuid } from '../../../shared/public-paths.ts';
import { NotFoundPage } from '../../components/errors/NotFoundPage.tsx';
import { isCodeOverlay } from './code-overlay.ts';
import { ProfilePage } from './ProfilePage.tsx';

// A code's own page carries the QR renderer: a visitor opening a profile does not download it.
const CodePage = lazy(() => import('./CodePage.tsx'));

/**
 * `/:username` and `/:username/:codeId`. A code's URL opened directly (a shared link, a reload,
 * no JavaScript) is that code's own page; the same URL reached by opening a card on the profile is
 * the profile with the code's popup over it, so Back closes the popup.
 */
export default function ProfileRoute() {
  const { username = '', codeId } = useParams();
  const location = useLocation();
  if (!isPossibleUsername(username) || (codeId !== undefined && !isUuid(codeId))) {
    return <NotFoundPage />;
  }
  if (codeId && !isCodeOverlay(location.state)) {
    return <CodePage username={username} codeId={codeId.toLowerCase()} />;
  }
  return <ProfilePage username={username} openCodeId={codeId?.toLowerCase() ?? null} />;
}
