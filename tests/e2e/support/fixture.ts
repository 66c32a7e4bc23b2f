import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, onTestFinished } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { type SmtpCapture, startSmtpCapture } from '../../../server/test-support/smtp-capture.ts';
import { type DatabaseKind, testDatabaseKinds } from '../../../server/test-support/test-app.ts';
import { launchBrowser, waitForAppAfterNavigation } from './browser.ts';
import { createScratchPostgres, type ScratchPostgres } from './scratch-postgres.ts';
import { startServer, type TestServer, withServerDatabase } from './server.ts';
import { type SignedInUser, signInAs } from './sign-in.ts';

/** What an end-to-end test works with: one real server, one Chromium, fresh contexts. */
export interface E2e {
  readonly kind: DatabaseKind;
  readonly server: TestServer;
  /** The SMTP server the app sends to, with `mailFrom` set (see E2eOptions.mailFrom). */
  readonly smtp: SmtpCapture;
  /** The server's address plus `path`. */
  url(path: string): string;
  /**
   * A new browser context (the first one starts Chromium: a file that only talks to the server
   * never starts it). Opened in a test, it is closed when the test ends, pass or fail;
   * opened in a hook, when the file's tests are done.
   */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a context of its own (closed as above). */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** Makes a user in the server's database and signs `context` in as them. */
  signInAs(
    context: BrowserContext,
    options?: { username?: string; email?: string; admin?: boolean },
  ): Promise<SignedInUser>;
  /** Runs `fn` against the server's database (SQLite or PostgreSQL), opened beside it. */
  withDb<T>(fn: (db: Database['db']) => Promise<T>): Promise<T>;
}

export interface E2eOptions {
  /** Server settings, read when the server starts. */
  env?: () => Record<string, string>;
  /** Mail goes to a real SMTP capture (`e2e.smtp`) from this sender; without it, to the log. */
  mailFrom?: string;
  /**
   * 'each': the file runs once per test database, SQLite and (when TEST_DATABASE_URL is set,
   * always in CI) PostgreSQL, on a database of its own. For the files that write data through
   * the app. Default: SQLite only.
   */
  databases?: 'each' | 'sqlite';
}

/**
 * The one e2e fixture: starts the server (on a fresh SQLite file or PostgreSQL database) before
 * the tests of `title`, Chromium with their first context, and stops them, with every context
 * still open, after.
 */
export function describeE2e(title: string, fn: (e2e: E2e) => void, options: E2eOptions = {}) {
  const kinds: DatabaseKind[] = options.databases === 'each' ? testDatabaseKinds() : ['sqlite'];
  for (const kind of kinds) {
    describe(kinds.length > 1 ? `${title} [${kind}]` : title, () => {
      let server: TestServer | undefined;
      let browser: Promise<Browser> | undefined;
      let scratch: ScratchPostgres | undefined;
      let smtp: SmtpCapture | undefined;
      const open = new Set<BrowserContext>();

      beforeAll(async () => {
        if (kind === 'postgres') scratch = await createScratchPostgres();
        if (options.mailFrom) smtp = await startSmtpCapture();
        server = await startServer({
          ...(scratch ? { DATABASE_URL: scratch.url } : {}),
          ...(smtp ? { SMTP_URL: smtp.url, MAIL_FROM: options.mailFrom as string } : {}),
          ...options.env?.(),
        });
      });
      afterAll(async () => {
        try {
          await Promise.all([...open].map((context) => context.close()));
        } finally {
          try {
            // A launch that failed has failed its test already.
            await browser?.then(
              (launched) => launched.close(),
              () => undefined,
            );
          } finally {
            try {
              await server?.stop();
            } finally {
              await Promise.all([scratch?.drop(), smtp?.close()]);
            }
          }
        }
      });

      const ready = () => {
        if (!server) throw new Error('the e2e server is not started');
        return server;
      };
      const e2e: E2e = {
        kind,
        get server() {
          return ready();
        },
        get smtp() {
          if (!smtp) throw new Error('no SMTP capture: pass mailFrom to describeE2e');
          return smtp;
        },
        url: (path) => `${ready().url}${path}`,
        async newContext(contextOptions) {
          ready();
          browser ??= launchBrowser();
          const context = await (await browser).newContext(contextOptions);
          if (contextOptions?.javaScriptEnabled !== false) {
            // The event can come after newPage() has resolved: that page is wrapped at once.
            context.on('page', waitForAppAfterNavigation);
            const newPage = context.newPage.bind(context);
            context.newPage = async () => {
              const page = await newPage();
              waitForAppAfterNavigation(page);
              return page;
            };
          }
          open.add(context);
          context.once('close', () => open.delete(context));
          try {
            onTestFinished(() => context.close());
          } catch {
            // Opened in a hook, not a test: the afterAll above closes it.
          }
          return context;
        },
        async newPage(contextOptions) {
          return (await e2e.newContext(contextOptions)).newPage();
        },
        signInAs: (context, signInOptions) => signInAs(context, ready(), signInOptions),
        withDb: (fn) => withServerDatabase(ready(), fn),
      };
      fn(e2e);
    });
  }
}
