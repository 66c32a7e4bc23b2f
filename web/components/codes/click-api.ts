import { api } from '../../lib/api-client.ts';

/**
 * Records a copy. Failures (429 over the per-IP limit, a network blip) are ignored on purpose:
 * the copy itself already worked (decisions.md).
 */
export function recordClick(codeId: string): Promise<void> {
  return api<void>('POST', `/api/codes/${encodeURIComponent(codeId)}/clicks`).catch(() => {});
}
