import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';
import { initialMigration } from './2026-11-22-0001-initial.ts';
import { codesProfileOrderIndex } from './2026-11-22-0050-codes-profile-order-index.ts';
import { clickCounterTrigger } from './2026-11-22-0051-click-counter-trigger.ts';
import { profileReadModel } from './2026-11-22-0052-profile-read-model.ts';
import { clickDedup } from './2026-11-22-0060-click-dedup.ts';
import { usernameHolds } from './2026-11-23-0061-username-holds.ts';
import { logoCacheBounds } from './2026-11-23-0062-logo-cache-bounds.ts';
import { serviceRequestsByRequester } from './2026-11-23-0063-service-requests-by-requester.ts';
import { discovery } from './2026-11-23-0070-discovery.ts';
import { accountDeletion } from './2026-11-23-0080-account-deletion.ts';
import { statsRollups } from './2026-11-23-0080-stats-rollups.ts';
import { listingDefault } from './2026-11-23-0081-listing-default.ts';
import { statsRunningTotals } from './2026-11-23-0082-stats-running-totals.ts';
import { triggerPlans } from './2026-11-24-0083-trigger-plans.ts';
import { serviceIdSlugs } from './2026-11-26-0090-service-id-slugs.ts';
import { votesByNetwork } from './2026-11-26-0091-votes-by-network.ts';
import { serviceLinkHosts } from './2026-11-26-0092-service-link-hosts.ts';
import { moderation } from './2026-11-26-0095-moderation.ts';
import { changeNotify } from './2026-11-26-0099-change-notify.ts';
import { profileIdentity } from './2026-11-27-0100-profile-identity.ts';
import { passkeys } from './2026-11-27-0110-passkeys.ts';
import { sessionsAndApiTokens } from './2026-11-27-0120-sessions-and-api-tokens.ts';
import { mailQueueAndJobs } from './2026-11-27-0130-mail-queue-and-jobs.ts';
import { linkHealth } from './2026-11-27-0140-link-health.ts';
import { narrowDailyStatsIndex } from './2026-11-27-0150-narrow-daily-stats-index.ts';

/** Every migration, keyed by a name that sorts in the order they must run. */
export function allMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '2026-11-22-0001-initial': initialMigration(dialect),
    '2026-11-22-0050-codes-profile-order-index': codesProfileOrderIndex,
    '2026-11-22-0051-click-counter-trigger': clickCounterTrigger(dialect),
    '2026-11-22-0052-profile-read-model': profileReadModel(dialect),
    '2026-11-22-0060-click-dedup': clickDedup,
    '2026-11-23-0061-username-holds': usernameHolds(dialect),
    '2026-11-23-0062-logo-cache-bounds': logoCacheBounds,
    '2026-11-23-0070-discovery': discovery(dialect),
    '2026-11-23-0063-service-requests-by-requester': serviceRequestsByRequester,
    '2026-11-23-0080-account-deletion': accountDeletion(dialect),
    '2026-11-23-0080-stats-rollups': statsRollups(dialect),
    '2026-11-23-0081-listing-default': listingDefault,
    '2026-11-23-0082-stats-running-totals': statsRunningTotals(dialect),
    '2026-11-24-0083-trigger-plans': triggerPlans(dialect),
    '2026-11-26-0090-service-id-slugs': serviceIdSlugs,
    '2026-11-26-0091-votes-by-network': votesByNetwork,
    '2026-11-26-0092-service-link-hosts': serviceLinkHosts,
    '2026-11-26-0095-moderation': moderation(dialect),
    '2026-11-26-0099-change-notify': changeNotify(dialect),
    '2026-11-27-0100-profile-identity': profileIdentity(dialect),
    '2026-11-27-0110-passkeys': passkeys(dialect),
    '2026-11-27-0120-sessions-and-api-tokens': sessionsAndApiTokens(dialect),
    '2026-11-27-0130-mail-queue-and-jobs': mailQueueAndJobs(dialect),
    '2026-11-27-0140-link-health': linkHealth(dialect),
    '2026-11-27-0150-narrow-daily-stats-index': narrowDailyStatsIndex,
  };
}
