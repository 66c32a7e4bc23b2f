import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { adminEmailSchema } from '../../../shared/admin-schemas.ts';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { AppError } from '../../errors.ts';
import { accountCommand, reportsCommand } from '../moderation/moderation-cli.ts';
import { addAdminByEmail, listAdminViews, removeAdminByEmail } from './admins.service.ts';
import { jobsCliCommand } from './jobs-cli.ts';

/** Manage admins, and moderate accounts (decision 095), from the shell. */
const USAGE =
  'Usage: npm run admin -- add <email> | remove <email> | list | disable <username> --reason "…" | restore <username> [--reason "…"] | reports | jobs | jobs run <name>';

try {
  process.loadEnvFile('.env');
} catch {}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function parse() {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      options: { reason: { type: 'string' } },
      allowPositionals: true,
    });
  } catch {
    return fail(USAGE);
  }
}

const { positionals, values } = parse();
const [command, argument, ...extra] = positionals;

function parseEmail(value: string | undefined): string {
  const result = adminEmailSchema.safeParse(value ?? '');
  if (!result.success) fail(`${result.error.issues[0]?.message ?? 'Invalid email'}\n${USAGE}`);
  return result.data;
}

const takesEmail = command === 'add' || command === 'remove';
const jobsCommand = command === 'jobs';
const takesUsername = command === 'disable' || command === 'restore';
const bare = command === 'list' || command === 'reports';
if (
  jobsCommand
    ? !(argument === undefined || (argument === 'run' && extra.length === 1)) ||
      values.reason !== undefined
    : false
) {
  fail(USAGE);
}
if (
  !jobsCommand &&
  (!(takesEmail || takesUsername || bare) ||
    extra.length > 0 ||
    (bare && argument) ||
    (takesUsername && !argument) ||
    (command === 'disable' && values.reason === undefined) ||
    (!takesUsername && values.reason !== undefined))
) {
  fail(USAGE);
}
const email = takesEmail ? parseEmail(argument) : '';

const config = loadConfig();
const database = createDatabase(config.database);
try {
  await migrateToLatest(database);
  if (jobsCommand) {
    const lines = await jobsCliCommand(database, config, argument === 'run' ? extra[0] : undefined);
    for (const line of lines.out) console.log(line);
    if (lines.failed) process.exitCode = 1;
  } else if (command === 'add') {
    const admin = await addAdminByEmail(database.db, email, null);
    console.log(`Added admin ${admin.email}${admin.username ? ` (@${admin.username})` : ''}`);
  } else if (command === 'remove') {
    const removed = await removeAdminByEmail(database.db, email);
    console.log(removed ? `Removed admin ${email}` : `${email} was not an admin`);
  } else if (command === 'disable' || command === 'restore') {
    console.log(await accountCommand(database, config, command, argument ?? '', values.reason));
  } else if (command === 'reports') {
    for (const line of await reportsCommand(database)) console.log(line);
  } else {
    const admins = await listAdminViews(database.db);
    if (admins.length === 0)
      console.log('No admins yet. Add one with: npm run admin -- add <email>');
    for (const admin of admins) {
      console.log(
        `${admin.addedAt}  ${admin.email}${admin.username ? `  @${admin.username}` : ''}`,
      );
    }
  }
} catch (error) {
  process.exitCode = 1;
  if (error instanceof ZodError) console.error(error.issues[0]?.message);
  else console.error(error instanceof AppError ? error.message : error);
} finally {
  await database.close();
}
