import type { ModerationCase } from '../../../shared/moderation-schemas.ts';

/** A case's target in a few words: "Uber code RIDE-ALICE" or "@alice's profile". */
export function caseLabel(item: ModerationCase): string {
  return item.target.type === 'code'
    ? `${item.target.serviceName} code ${item.target.code}`
    : `@${item.target.username}'s profile`;
}
