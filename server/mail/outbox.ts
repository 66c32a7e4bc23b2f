import type { Database } from '../db/database.ts';
import { deliverDueMail, enqueueMail, type QueuedMail } from './mail-queue.ts';
import type { Mailer } from './mailer.ts';

/**
 * The app's way to send every mail but a sign-in link (decision 109): the mail is written to the
 * queue first (it survives a restart), then this instance tries to send what is due at once. A
 * failure waits for the backoff and the mail-queue job; claims keep two instances from sending a
 * row twice.
 */
export interface Outbox {
  /** Queues the mail (false when its dedupe key was queued before) and starts a send. */
  queue(mail: QueuedMail): Promise<boolean>;
  /** Starts sending what is due, without waiting. */
  kick(): void;
  /** Waits for the sending under way (the app's onClose, a CLI before it exits). */
  drain(): Promise<void>;
}

export function createOutbox(
  database: Database,
  mailer: Mailer,
  log: { error(obj: object, msg: string): void },
  now: () => number = Date.now,
): Outbox {
  let running: Promise<void> | undefined;
  const queueing = new Set<Promise<unknown>>();
  let again = false;
  const run = async () => {
    do {
      again = false;
      await deliverDueMail(database.db, database.dialect, () => mailer, now).catch(
        (error: unknown) => log.error({ err: error }, 'mail queue delivery failed'),
      );
    } while (again);
    running = undefined;
  };
  const kick = () => {
    if (running) {
      again = true;
      return;
    }
    running = run();
  };
  return {
    async queue(mail) {
      const inserting = enqueueMail(database.db, mail, now());
      const settled = inserting.catch(() => undefined);
      queueing.add(settled);
      try {
        const queued = await inserting;
        if (queued) kick();
        return queued;
      } finally {
        queueing.delete(settled);
      }
    },
    kick,
    async drain() {
      while (queueing.size > 0 || running) {
        await Promise.all(queueing);
        if (running) await running;
      }
    },
  };
}
