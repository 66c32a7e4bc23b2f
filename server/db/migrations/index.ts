import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';
import { initialMigration } from './2026-11-22-0001-initial.ts';
import { codesProfileOrderIndex } from './2026-11-22-0050-codes-profile-order-index.ts';
import { clickCounterTrigger } from './2026-11-22-0051-click-counter-trigger.ts';
import { profileReadModel } from './2026-11-22-0052-profile-read-model.ts';
import { clickDedup } from './2026-11-22-0060-click-dedup.ts';

/** Every migration, keyed by a name that sorts in the order they must run. */
export function allMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '2026-11-22-0001-initial': initialMigration(dialect),
    '2026-11-22-0050-codes-profile-order-index': codesProfileOrderIndex,
    '2026-11-22-0051-click-counter-trigger': clickCounterTrigger(dialect),
    '2026-11-22-0052-profile-read-model': profileReadModel(dialect),
    '2026-11-22-0060-click-dedup': clickDedup,
  };
}
