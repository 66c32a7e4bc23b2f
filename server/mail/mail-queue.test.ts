import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/database.ts';
import { type SmtpCapture, startSmtpCapture } from '../test-support/smtp-capture.ts';
import {
  createTestDatabase,
  describeNeeding,
  type TestDatabase,
  testDatabaseKinds,
} from '../test-support/test-app.ts';
import { insertTestUser } from '../test-support/test-users.ts';
import { backoffMs, deliverDueMail, enqueueMail, type QueuedMail } from './mail-queue.ts';
import { createMailer, type Mailer } from './mailer.ts';

/** A port nothing listens on: the mail server is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const T0 = Date.parse('2026-11-27T10:00:00.000Z');

function mailer(url: string): Mailer {
  return createMailer({
    smtpUrl: url,
    mailFrom: 'Refstash <hello@refstash.test>',
    isProduction: false,
  });
}

describe('backoff', () => {
  it('waits 1, 2, 4, 8 … minutes after each failure, at most 6 hours', () => {
    expect([1, 2, 3, 4, 5].map(backoffMs)).toEqual([60_000, 120_000, 240_000, 480_000, 960_000]);
    expect(backoffMs(9)).toBe(256 * 60_000);
    expect(backoffMs(10)).toBe(6 * 60 * 60_000);
    expect(backoffMs(30)).toBe(6 * 60 * 60_000);
  });
});

for (const kind of testDatabaseKinds()) {
  describe(`mail queue [${kind}]`, () => {
    let t: TestDatabase;
    let smtp: SmtpCapture;
    let userId: string;
    beforeAll(async () => {
      t = await createTestDatabase(kind);
      smtp = await startSmtpCapture();
      userId = await insertTestUser(t.database.db, {
        email: 'owner@example.test',
        username: 'owner',
      });
    });
    afterAll(async () => {
      await smtp?.close();
      await t?.destroy();
    });
    const mail = (key: string, to = 'owner@example.test'): QueuedMail => ({
      dedupeKey: key,
      kind: 'moderation',
      userId,
      to,
      subject: `Subject ${key}`,
      text: 'text',
      html: '<p>html</p>',
      headers: { 'List-Unsubscribe': '<http://localhost:3000/x>' },
    });

    it('queues a dedupe key once: a repeat is a no-op', async () => {
      expect(await enqueueMail(t.database.db, mail('once'), T0)).toBe(true);
      expect(await enqueueMail(t.database.db, mail('once'), T0)).toBe(false);
      const rows = await t.database.db
        .selectFrom('mail_queue')
        .select('id')
        .where('dedupe_key', '=', 'once')
        .execute();
      expect(rows).toHaveLength(1);
      await t.database.db.deleteFrom('mail_queue').execute();
    });

    it('SMTP down, then up: retried after the backoff, delivered exactly once', async () => {
      const to = `down-up-${kind}@example.test`;
      await enqueueMail(t.database.db, mail(`down-up-${kind}`, to), T0);
      const down = mailer(`smtp://127.0.0.1:${await closedPort()}`);
      const first = await deliverDueMail(
        t.database.db,
        t.database.dialect,
        () => down,
        () => T0,
      );
      await down.close();
      expect(first).toEqual({ sent: 0, retrying: 1, gaveUp: 0, skipped: 0 });
      const row = await t.database.db
        .selectFrom('mail_queue')
        .selectAll()
        .where('dedupe_key', '=', `down-up-${kind}`)
        .executeTakeFirstOrThrow();
      expect(row.attempts).toBe(1);
      expect(new Date(row.next_attempt_at).toISOString()).toBe('2026-11-27T10:01:00.000Z');
      expect(row.last_error).toMatch(/ECONNREFUSED|ESOCKET|CONN/);

      // Up again, but before the backoff ends: nothing is due.
      const up = mailer(smtp.url);
      const early = await deliverDueMail(
        t.database.db,
        t.database.dialect,
        () => up,
        () => T0 + 30_000,
      );
      expect(early.sent).toBe(0);
      // After it: sent once; later runs find nothing.
      const later = await deliverDueMail(
        t.database.db,
        t.database.dialect,
        () => up,
        () => T0 + 61_000,
      );
      expect(later.sent).toBe(1);
      const again = await deliverDueMail(
        t.database.db,
        t.database.dialect,
        () => up,
        () => T0 + 10 * 60_000,
      );
      expect(again.sent).toBe(0);
      await up.close();
      const received = smtp.messages.filter((m) => m.to.includes(to));
      expect(received).toHaveLength(1);
      expect(received[0]?.subject).toBe(`Subject down-up-${kind}`);
      expect(received[0]?.raw).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/x>/im);
    });

    it('gives a mail up after 10 failed attempts', async () => {
      const key = `give-up-${kind}`;
      await enqueueMail(t.database.db, mail(key), T0);
      const down = mailer(`smtp://127.0.0.1:${await closedPort()}`);
      let now = T0;
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        await deliverDueMail(
          t.database.db,
          t.database.dialect,
          () => down,
          () => now,
        );
        now += 7 * 60 * 60_000;
      }
      await down.close();
      const row = await t.database.db
        .selectFrom('mail_queue')
        .selectAll()
        .where('dedupe_key', '=', key)
        .executeTakeFirstOrThrow();
      expect(row.attempts).toBe(10);
      expect(row.failed_at).not.toBeNull();
    });

    it('a row claimed by a sender that died is sent once its lease has ended', async () => {
      const key = `lease-${kind}`;
      const to = `lease-${kind}@example.test`;
      await enqueueMail(t.database.db, mail(key, to), T0);
      // Another sender claimed it for two minutes and then died.
      await t.database.db
        .updateTable('mail_queue')
        .set({ claimed_until: new Date(T0 + 120_000).toISOString(), attempts: 1 })
        .where('dedupe_key', '=', key)
        .execute();
      const up = mailer(smtp.url);
      expect(
        (
          await deliverDueMail(
            t.database.db,
            t.database.dialect,
            () => up,
            () => T0 + 60_000,
          )
        ).sent,
      ).toBe(0);
      expect(
        (
          await deliverDueMail(
            t.database.db,
            t.database.dialect,
            () => up,
            () => T0 + 121_000,
          )
        ).sent,
      ).toBe(1);
      await up.close();
      expect(smtp.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
    });
  });
}

describeNeeding('TEST_DATABASE_URL', 'mail queue with two instances on one PostgreSQL', () => {
  let t: TestDatabase;
  let second: Database;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
    second = createDatabase(t.config, { schema: t.schema });
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp?.close();
    await second?.close();
    await t?.destroy();
  });

  it('sends each mail exactly once when two workers drain the queue at the same time', async () => {
    const userId = await insertTestUser(t.database.db, {
      email: 'two@example.test',
      username: 'two',
    });
    const count = 40;
    for (let i = 0; i < count; i += 1) {
      await enqueueMail(
        t.database.db,
        {
          dedupeKey: `two-${i}`,
          kind: 'moderation',
          userId,
          to: `two-${i}@example.test`,
          subject: `Mail ${i}`,
          text: 'text',
          html: '<p>html</p>',
        },
        T0,
      );
    }
    const a = mailer(smtp.url);
    const b = mailer(smtp.url);
    // Small batches, so the two workers interleave many claims.
    const [first, other] = await Promise.all([
      deliverDueMail(
        t.database.db,
        'postgres',
        () => a,
        () => T0,
        { limit: 3, maxBatches: 100 },
      ),
      deliverDueMail(
        second.db,
        'postgres',
        () => b,
        () => T0,
        { limit: 3, maxBatches: 100 },
      ),
    ]);
    await Promise.all([a.close(), b.close()]);
    expect(first.sent + other.sent).toBe(count);
    expect(first.sent).toBeGreaterThan(0);
    expect(other.sent).toBeGreaterThan(0);
    const recipients = smtp.messages.flatMap((m) => m.to).filter((to) => to.startsWith('two-'));
    expect(recipients).toHaveLength(count);
    expect(new Set(recipients).size).toBe(count);
  });
});
