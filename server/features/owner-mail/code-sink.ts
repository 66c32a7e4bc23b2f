import { sql } from 'kysely';
import { feedbackSinceDay } from '../discovery/days.ts';
import { isReported } from '../discovery/discovery.service.ts';
import { notifyOwner, type OwnerMailDeps } from './owner-mail.ts';

/**
 * After a counted "Did it work?" answer: whether the code just sank under 'No' answers (decision
 * 110). One indexed count of the code's answers in the window (the same rule the service page
 * uses, `isReported`); `code_sink_states` remembers a sunk code, so its owner is told once when it
 * sinks, not at every later 'No', and again only after it rose and sank again. Answers whether a
 * mail was queued.
 */
export async function checkCodeSink(
  deps: OwnerMailDeps,
  codeId: string,
  now: number,
): Promise<boolean> {
  const { db } = deps;
  const totals = await db
    .selectFrom('votes')
    .select([
      sql<number>`count(distinct case when worked = 1 then network_hash end)`.as('yes'),
      sql<number>`count(distinct case when worked = 0 then network_hash end)`.as('no'),
    ])
    .where('code_id', '=', codeId)
    .where('day', '>=', feedbackSinceDay(new Date(now)))
    .executeTakeFirstOrThrow();
  const yes = Number(totals.yes);
  const no = Number(totals.no);
  if (!isReported(yes, no)) {
    await db.deleteFrom('code_sink_states').where('code_id', '=', codeId).execute();
    return false;
  }
  const code = await db
    .selectFrom('codes')
    .select(['user_id', 'listed', 'hidden_at'])
    .where('id', '=', codeId)
    .executeTakeFirst();
  // Only a code on its service page can sink there.
  if (code?.listed !== 1 || code.hidden_at !== null) return false;
  const sankAt = new Date(now).toISOString();
  const inserted = await db
    .insertInto('code_sink_states')
    .values({ code_id: codeId, sank_at: sankAt })
    .onConflict((oc) => oc.column('code_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  return notifyOwner(
    deps,
    { kind: 'code-sank', userId: code.user_id, codeId, dedupeKey: `code-sank:${codeId}:${sankAt}` },
    { noNetworks: no },
  );
}
