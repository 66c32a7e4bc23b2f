import { loadConfig } from '../config.ts';
import { createDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { seedServices } from './seed.ts';

try {
  process.loadEnvFile('.env');
} catch {}
const config = loadConfig();
const database = createDatabase(config.database);
try {
  const applied = await migrateToLatest(database);
  await seedServices(database);
  console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
} finally {
  await database.close();
}
