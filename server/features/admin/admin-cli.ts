import { adminEmailSchema } from '../../../shared/admin-schemas.ts';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { AppError } from '../../errors.ts';
import { addAdminByEmail, listAdminViews, removeAdminByEmail } from './admins.service.ts';

/** `npm run admin -- add <email> | remove <email> | list`: manage admins from the shell. */
const USAGE = 'Usage: npm run admin -- add <email> | remove <email> | list';

try {
  process.loadEnvFile('.env');
} catch {}

const [command, rawEmail, ...extra] = process.argv.slice(2);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function parseEmail(value: string | undefined): string {
  const result = adminEmailSchema.safeParse(value ?? '');
  if (!result.success) fail(`${result.error.issues[0]?.message ?? 'Invalid email'}\n${USAGE}`);
  return result.data;
}

const takesEmail = command === 'add' || command === 'remove';
if (!(takesEmail || command === 'list') || extra.length > 0 || (command === 'list' && rawEmail)) {
  fail(USAGE);
}
const email = takesEmail ? parseEmail(rawEmail) : '';

const database = createDatabase(loadConfig().database);
try {
  await migrateToLatest(database);
  if (command === 'add') {
    const admin = await addAdminByEmail(database.db, email, null);
    console.log(`Added admin ${admin.email}${admin.username ? ` (@${admin.username})` : ''}`);
  } else if (command === 'remove') {
    const removed = await removeAdminByEmail(database.db, email);
    console.log(removed ? `Removed admin ${email}` : `${email} was not an admin`);
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
  console.error(error instanceof AppError ? error.message : error);
} finally {
  await database.close();
}
