import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AvatarDto,
  ProfileIdentityDto,
  ProfileIdentityInput,
} from '../../../shared/profile-identity.ts';
import { api } from '../../lib/api-client.ts';
import { uploadFile } from '../../lib/upload.ts';

/*
 * Settings → Profile's requests (issue 26, decision 103): the owner's identity, its form, and the
 * picture's upload with progress.
 */

export const myProfileQueryKey = ['me', 'profile'] as const;

/** GET /api/me/profile: the owner's display name, bio, avatar, links and accent (issue 26). */
export function useMyProfile() {
  return useQuery({
    queryKey: myProfileQueryKey,
    queryFn: () => api<ProfileIdentityDto>('GET', '/api/me/profile'),
  });
}

/** The public profile's cached answers show the old identity: they refetch. */
function invalidatePublicProfile(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: ['profile'] });
}

/** PUT /api/me/profile: the form's fields; the answer is the identity as it now is. */
export function useSaveProfileIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileIdentityInput) =>
      api<ProfileIdentityDto>('PUT', '/api/me/profile', input),
    onSuccess: (identity) => {
      if (identity && typeof identity === 'object' && 'accent' in identity) {
        queryClient.setQueryData(myProfileQueryKey, identity);
      } else {
        void queryClient.invalidateQueries({ queryKey: myProfileQueryKey });
      }
      invalidatePublicProfile(queryClient);
    },
  });
}

/**
 * The avatar the answer of PUT /api/me/avatar names: the whole identity, `{ avatar }`, or the
 * avatar itself; undefined when it names none (the identity is then fetched again).
 */
export function avatarOfAnswer(answer: unknown): AvatarDto | null | undefined {
  if (!answer || typeof answer !== 'object') return undefined;
  if ('url128' in answer) return answer as AvatarDto;
  if ('avatar' in answer) return (answer as { avatar: AvatarDto | null }).avatar;
  return undefined;
}

/** Applies an avatar change to the cached identity (or refetches it) and the public pages. */
export function useAvatarChanged() {
  const queryClient = useQueryClient();
  return (avatar: AvatarDto | null | undefined) => {
    const current = queryClient.getQueryData<ProfileIdentityDto>(myProfileQueryKey);
    if (avatar !== undefined && current) {
      queryClient.setQueryData(myProfileQueryKey, { ...current, avatar });
    } else {
      void queryClient.invalidateQueries({ queryKey: myProfileQueryKey });
    }
    invalidatePublicProfile(queryClient);
  };
}

/** The types the upload declares; anything else goes as bytes (the server reads the bytes). */
const AVATAR_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/** PUT /api/me/avatar with the picture's bytes as the body, reporting upload progress. */
export function uploadAvatar(file: Blob, onProgress: (fraction: number) => void) {
  const type = AVATAR_TYPES.has(file.type) ? file.type : 'application/octet-stream';
  return uploadFile<unknown>('PUT', '/api/me/avatar', file, onProgress, type);
}

/** DELETE /api/me/avatar: back to the generated initial. */
export function useRemoveAvatar() {
  const changed = useAvatarChanged();
  return useMutation({
    mutationFn: () => api<unknown>('DELETE', '/api/me/avatar'),
    onSuccess: () => changed(null),
  });
}
