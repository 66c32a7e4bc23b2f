import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult, SettingsInput } from '../../../shared/account-schemas.ts';
import type { Me } from '../../../shared/auth-schemas.ts';
import { api } from '../../lib/api-client.ts';
import { meQueryKey } from '../../lib/session.ts';

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
