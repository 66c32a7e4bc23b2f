import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AppealDecisionInput,
  AppealInput,
  AuditEntry,
  ModerationActionRequest,
  ModerationCase,
} from '../../../shared/moderation-schemas.ts';
import { api } from '../../lib/api-client.ts';

export const reportsQueryKey = ['admin', 'reports'] as const;
export const auditLogQueryKey = ['admin', 'audit-log'] as const;

/** The Reports section's rows, newest first (GET /api/admin/reports). */
export function useReports() {
  return useQuery({
    queryKey: reportsQueryKey,
    queryFn: async () =>
      (await api<{ cases: ModerationCase[] }>('GET', '/api/admin/reports')).cases,
    retry: false,
  });
}

/** Every moderation action, newest first (GET /api/admin/audit-log). */
export function useAuditLog() {
  return useQuery({
    queryKey: auditLogQueryKey,
    queryFn: async () =>
      (await api<{ entries: AuditEntry[] }>('GET', '/api/admin/audit-log')).entries,
    retry: false,
  });
}

/** What an admin does to a case: one of the four actions, or the answer to an appeal. */
export type CaseDecision =
  | { kind: 'action'; request: ModerationActionRequest }
  | { kind: 'appeal'; appealId: string; input: AppealDecisionInput };

/** Acts on a case, then refreshes the Reports section and the audit log. */
export function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: CaseDecision) =>
      decision.kind === 'action'
        ? api('POST', '/api/admin/moderation-actions', decision.request)
        : api(
            'POST',
            `/api/admin/appeals/${encodeURIComponent(decision.appealId)}/decision`,
            decision.input,
          ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reportsQueryKey }),
        queryClient.invalidateQueries({ queryKey: auditLogQueryKey }),
      ]),
  });
}

/** POST /api/me/appeals: the owner's one appeal of an action. */
export function useSendAppeal() {
  return useMutation({
    mutationFn: (input: AppealInput) => api('POST', '/api/me/appeals', input),
  });
}
