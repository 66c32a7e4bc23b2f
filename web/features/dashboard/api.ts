import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CodeDto, CodeFormValues } from '../../../shared/code-schemas.ts';
import { api } from '../../lib/api-client.ts';

export const codesQueryKey = ['codes'] as const;

/** The signed-in user's codes, newest first (GET /api/codes). */
export function useCodes() {
  return useQuery({
    queryKey: codesQueryKey,
    queryFn: async () => (await api<{ codes: CodeDto[] }>('GET', '/api/codes')).codes,
  });
}

/** Keeps the list in step with a write, and lets any open public profile refetch. */
function useCodesWrite<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  update: (codes: CodeDto[], result: TResult, variables: TVariables) => CodeDto[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result, variables) => {
      queryClient.setQueryData<CodeDto[]>(codesQueryKey, (codes = []) =>
        update(codes, result, variables),
      );
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}

export function useCreateCode() {
  return useCodesWrite(
    async (values: CodeFormValues) =>
      (await api<{ code: CodeDto }>('POST', '/api/codes', values)).code,
    // A new code goes to the top: the list is newest first.
    (codes, created) => [created, ...codes],
  );
}

export function useUpdateCode() {
  return useCodesWrite(
    async ({ id, values }: { id: string; values: CodeFormValues }) =>
      (await api<{ code: CodeDto }>('PATCH', `/api/codes/${encodeURIComponent(id)}`, values)).code,
    (codes, updated) => codes.map((code) => (code.id === updated.id ? updated : code)),
  );
}

export function useDeleteCode() {
  return useCodesWrite(
    (id: string) => api<void>('DELETE', `/api/codes/${encodeURIComponent(id)}`),
    (codes, _result, id) => codes.filter((code) => code.id !== id),
  );
}
