import { Spinner } from './Spinner.tsx';

/** The live line under a username field: checking, or the profile address that is free. */
export function UsernameStatusHint({
  status,
}: {
  status: { checking: boolean; available: boolean; candidate: string | null };
}) {
  return (
    <span aria-live="polite">
      {status.checking ? (
        <span className="inline-flex items-center gap-2">
          <Spinner className="h-3.5 w-3.5" /> Checking availability…
        </span>
      ) : status.available ? (
        <span className="font-medium text-green-700 dark:text-green-400">
          ✓ {window.location.host}/{status.candidate} is available
        </span>
      ) : null}
    </span>
  );
}
