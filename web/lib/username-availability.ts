import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

// Apart from the live status (which parses with zod): public pages load this alone.
/** GET /api/usernames/:name for a valid, lowercase name; idle while `name` is null. */
export function useUsernameAvailability(name: string | null) {
  return useQuery({
    queryKey: ['username-available', name],
    queryFn: () =>
      api<{ available: boolean }>('GET', `/api/usernames/${encodeURIComponent(name ?? '')}`),
    enabled: name !== null,
    staleTime: 10_000,
    retry: false,
  });
}
