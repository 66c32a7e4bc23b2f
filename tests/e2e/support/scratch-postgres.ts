import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchPostgres {
  /** A connection string to an empty database of its own. */
  url: string;
  drop(): Promise<void>;
}

function baseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new, empty PostgreSQL database, so server processes can migrate it like production. */
export async function createScratchPostgres(): Promise<ScratchPostgres> {
  const name = `stress_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(baseUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
