import type { Config } from './config.ts';
import { createDatabase, type Database } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoProfile, seedServices } from './db/seed.ts';

/** Opens the database, migrates it and seeds the catalogue (and, outside production, the demo). */
export async function prepareDatabase(config: Config): Promise<Database> {
  const database = createDatabase(config.database);
  try {
    await migrateToLatest(database);
    await seedServices(database);
    if (config.seedDemo) await seedDemoProfile(database, config.demoUsername);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
