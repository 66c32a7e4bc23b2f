import { useQuery } from '@tanstack/react-query';
import { usernameSchema } from '../../shared/auth-schemas.ts';
import { TIMINGS } from '../../shared/limits.ts';
import { api } from './api-client.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

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

/**
 * Live status of a username being typed, before any submit (the username step and the rename
 * form): the rule the name breaks, or whether it is free, checked once typing pauses.
 */
export function useUsernameStatus(value: string) {
  const parsed = usernameSchema.safeParse(value);
  const issue = parsed.success ? undefined : parsed.error.issues[0]?.message;
  const candidate = parsed.success ? parsed.data : null;
  const debounced = useDebouncedValue(candidate, TIMINGS.usernameCheckDebounceMs);
  const settled = debounced === candidate;
  const availability = useUsernameAvailability(settled ? debounced : null);
  const taken = settled && availability.data?.available === false;
  const available = settled && availability.data?.available === true;
  const checking = candidate !== null && (!settled || availability.isFetching);
  return { issue, candidate, taken, available, checking };
}
