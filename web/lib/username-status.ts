import { usernameSchema } from '../../shared/auth-schemas.ts';
import { TIMINGS } from '../../shared/limits.ts';
import { useDebouncedValue } from './use-debounced-value.ts';
import { useUsernameAvailability } from './username-availability.ts';

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
