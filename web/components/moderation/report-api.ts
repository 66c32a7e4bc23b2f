import { useMutation } from '@tanstack/react-query';
import type { ReportInput } from '../../../shared/moderation-schemas.ts';
import { api } from '../../lib/api-client.ts';

/** POST /api/reports: anyone, no account; 202 whether or not the report was counted. */
export function useSendReport() {
  return useMutation({
    mutationFn: (input: ReportInput) => api<Record<string, never>>('POST', '/api/reports', input),
  });
}
