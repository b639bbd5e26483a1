/** `npm run migrate`: applies pending migrations to the configured database (DATABASE_URL, else DATA_DIR/izz.sqlite) and exits. */
import fs from 'node:fs';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from './connection.js';
import { migrate } from './migrate.js';

try {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const where = config.database.engine === 'sqlite' ? config.database.file : new URL(config.database.url).host + new URL(config.database.url).pathname;
  const db = openDatabase(config.database);
  try {
    const applied = await db.withLock('izz:migrate-and-seed', () => migrate(db));
    console.log(applied.length === 0 ? `${where}: up to date` : `${where}: applied ${applied.map((v) => String(v).padStart(4, '0')).join(', ')}`);
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
