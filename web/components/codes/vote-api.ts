import type { VoteReasonValue } from '../../../shared/discovery-schemas.ts';
import { api } from '../../lib/api-client.ts';

/**
 * Sends a "Did it work?" answer. Like a click, a failure (429, a network blip) is ignored: the
 * visitor already answered, and the server counts only what its rules allow (decision 070).
 */
export function sendVote(codeId: string, worked: boolean, reason?: VoteReasonValue): Promise<void> {
  return api<void>('POST', `/api/codes/${encodeURIComponent(codeId)}/votes`, {
    worked,
    ...(reason ? { reason } : {}),
  }).catch(() => {});
}
