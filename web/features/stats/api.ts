import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StatsDto } from '../../../shared/account-schemas.ts';
import { api } from '../../lib/api-client.ts';

/** GET /api/me/stats for the last `days` UTC days (and one code's own series when chosen). */
export function useStats(days: number, codeId: string | null) {
  const code = codeId ? `&code=${encodeURIComponent(codeId)}` : '';
  return useQuery({
    queryKey: ['stats', days, codeId],
    queryFn: () => api<StatsDto>('GET', `/api/me/stats?days=${days}${code}`),
    placeholderData: keepPreviousData,
  });
}
