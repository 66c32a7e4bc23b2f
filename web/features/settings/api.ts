import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportResult, SettingsInput } from '../../../shared/account-schemas.ts';
import type { Me } from '../../../shared/auth-schemas.ts';
import type {
  AvatarDto,
  ProfileIdentityDto,
  ProfileIdentityInput,
} from '../../../shared/profile-identity.ts';
import { api } from '../../lib/api-client.ts';
import { meQueryKey } from '../../lib/session.ts';
import { uploadFile } from '../../lib/upload.ts';

/** PUT /api/me/username: a rename (one per 30 days; the old name is held for 90). */
export function useRenameUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => api<Me>('PUT', '/api/me/username', { username }),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

/** PUT /api/me/settings: the listing default; the answer is the user as they now are. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SettingsInput) => api<Me>('PUT', '/api/me/settings', settings),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

/** DELETE /api/me: the account and everything in it. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (username: string) => api<void>('DELETE', '/api/me', { username }),
  });
}

/** The file's bytes as base64, for a JSON body (the API takes JSON only: decision 061). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export interface ImportRequest {
  fileName: string;
  content: string;
}

/** POST /api/me/import/preview: what the file would add, refuse and skip. */
export function useImportPreview() {
  return useMutation({
    mutationFn: (file: ImportRequest) => api<ImportResult>('POST', '/api/me/import/preview', file),
  });
}

/** POST /api/me/import: adds the rows, all or nothing; the dashboard's list then refetches. */
export function useImportCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: ImportRequest) => api<ImportResult>('POST', '/api/me/import', file),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['codes'] });
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}

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
