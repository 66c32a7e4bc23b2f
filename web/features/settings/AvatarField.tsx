import { useEffect, useId, useRef, useState } from 'react';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import {
  type AvatarDto,
  IDENTITY_LIMITS,
  IDENTITY_MESSAGES,
} from '../../../shared/profile-identity.ts';
import {
  AVATAR_ACCEPT,
  AVATAR_EXTENSIONS,
  IDENTITY_SCREEN_MESSAGES,
} from '../../../shared/profile-identity-screens.ts';
import { ProfileAvatar } from '../../components/profile/ProfileAvatar.tsx';
import { Button, buttonClasses } from '../../components/ui/Button.tsx';
import { isApiError } from '../../lib/api-client.ts';
import {
  avatarOfAnswer,
  uploadAvatar,
  useAvatarChanged,
  useRemoveAvatar,
} from './profile-identity-api.ts';

/** A refusal whose message is the server's words for people: shown as sent. */
const SHOWN_AS_SENT = new Set<string>([
  ERROR_CODES.validation,
  ERROR_CODES.badRequest,
  ERROR_CODES.payloadTooLarge,
  ERROR_CODES.rateLimited,
]);

function uploadMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (SHOWN_AS_SENT.has(error.code) || error.status === 413 || error.status === 415) {
    return error.message;
  }
  return fallback;
}

/**
 * The browser's quick look before the bytes leave (a convenience only: the server decides by the
 * bytes, and its message is shown when it refuses).
 */
export function avatarPrecheck(file: { name: string; size: number }): string | null {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(extension)) {
    return IDENTITY_MESSAGES.avatarWrongType;
  }
  if (file.size > IDENTITY_LIMITS.avatarMaxBytes) return IDENTITY_MESSAGES.avatarTooLarge;
  return null;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'chosen'; file: File; url: string }
  | { kind: 'uploading'; file: File; url: string; progress: number };

/**
 * The avatar (issue 26, decision 103): choose a file, see it cropped to a square from the centre
 * (CSS object-fit: cover, as the server's crop), upload it with a progress bar, then see the
 * server's result; 'Remove' brings back the generated initial. `onPreview` hands the chosen
 * picture's address to the live preview before it is saved.
 */
export function AvatarField({
  name,
  avatar,
  onPreview,
}: {
  /** The name the generated initial comes from. */
  name: string;
  avatar: AvatarDto | null;
  onPreview: (url: string | null) => void;
}) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const changed = useAvatarChanged();
  const remove = useRemoveAvatar();
  const hintId = useId();
  const chosenUrl = phase.kind === 'idle' ? null : phase.url;

  // The chosen file's address lives as long as it is shown.
  useEffect(() => {
    onPreview(chosenUrl);
    return () => {
      if (chosenUrl) URL.revokeObjectURL(chosenUrl);
    };
  }, [chosenUrl, onPreview]);

  const choose = (file: File | undefined) => {
    setStatus(null);
    if (input.current) input.current.value = '';
    if (!file) return;
    const refusal = avatarPrecheck(file);
    if (refusal) {
      setError(refusal);
      return;
    }
    setError(null);
    setPhase({ kind: 'chosen', file, url: URL.createObjectURL(file) });
  };

  const upload = async () => {
    if (phase.kind !== 'chosen') return;
    const { file, url } = phase;
    setError(null);
    setPhase({ kind: 'uploading', file, url, progress: 0 });
    try {
      const answer = await uploadAvatar(file, (progress) =>
        setPhase((current) => (current.kind === 'uploading' ? { ...current, progress } : current)),
      );
      changed(avatarOfAnswer(answer));
      setPhase({ kind: 'idle' });
      setStatus(IDENTITY_SCREEN_MESSAGES.avatarSaved);
    } catch (failure) {
      setPhase({ kind: 'chosen', file, url });
      setError(uploadMessage(failure, IDENTITY_SCREEN_MESSAGES.avatarUploadFailed));
    }
  };

  const removeAvatar = async () => {
    setError(null);
    setStatus(null);
    try {
      await remove.mutateAsync();
      setStatus(IDENTITY_SCREEN_MESSAGES.avatarRemoved);
    } catch (failure) {
      setError(uploadMessage(failure, IDENTITY_SCREEN_MESSAGES.avatarRemoveFailed));
    }
  };

  const uploading = phase.kind === 'uploading';
  const percent = uploading ? Math.round(phase.progress * 100) : 0;

  return (
    <div className="flex items-start gap-4">
      <div className="shrink-0 self-start">
        {chosenUrl ? (
          <img
            src={chosenUrl}
            alt="The chosen picture, cropped to a square from the centre"
            width={96}
            height={96}
            data-avatar-crop=""
            className="h-20 w-20 rounded-full sm:h-24 sm:w-24 object-cover object-center ring-1 ring-gray-200 dark:ring-gray-700"
          />
        ) : (
          <ProfileAvatar
            name={name}
            avatar={avatar}
            size={96}
            loading="eager"
            className="h-20! w-20! sm:h-24! sm:w-24!"
          />
        )}
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <p className="text-sm font-medium text-gray-800 dark:text-gray-100">Picture</p>
        <div className="flex flex-wrap gap-2">
          {phase.kind === 'idle' ? (
            <>
              <label
                className={`${buttonClasses('secondary')} cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-accent-500`}
              >
                {avatar ? 'Change picture' : 'Choose a picture'}
                <input
                  ref={input}
                  type="file"
                  accept={AVATAR_ACCEPT}
                  aria-describedby={hintId}
                  className="sr-only"
                  onChange={(event) => choose(event.target.files?.[0])}
                />
              </label>
              {avatar && (
                <Button variant="secondary" loading={remove.isPending} onClick={removeAvatar}>
                  Remove
                </Button>
              )}
            </>
          ) : (
            <>
              <Button loading={uploading} onClick={upload}>
                Save picture
              </Button>
              <Button
                variant="secondary"
                disabled={uploading}
                onClick={() => {
                  setError(null);
                  setPhase({ kind: 'idle' });
                }}
              >
                Cancel
              </Button>
            </>
          )}
        </div>
        <p id={hintId} className="text-sm text-gray-600 dark:text-gray-300">
          {phase.kind === 'idle'
            ? 'PNG, JPEG or WebP, at most 2 MB. It is cropped to a square from the centre.'
            : 'This is how it will be cropped. Save it to use it on your profile.'}
        </p>
        {uploading && (
          <div className="flex items-center gap-3">
            <div
              role="progressbar"
              aria-label="Uploading the picture"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 flex-1 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700"
            >
              <div
                className="h-full rounded-full bg-accent-600 transition-[width] dark:bg-accent-400"
                style={{ width: `${percent}%` }}
              />
            </div>
            <span className="w-10 text-right text-sm tabular-nums text-gray-700 dark:text-gray-200">
              {percent}%
            </span>
          </div>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        {status && (
          <p role="status" className="text-sm text-green-700 dark:text-green-400">
            {status}
          </p>
        )}
      </div>
    </div>
  );
}
