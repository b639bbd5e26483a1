/** `npm run migrate`: applies pending migrations to DATA_DIR/izz.sqlite and exits. */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from './connection.js';
import { migrate } from './migrate.js';

try {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const file = path.join(config.dataDir, 'izz.sqlite');
  const db = openDatabase(file);
  try {
    const applied = migrate(db);
    console.log(applied.length === 0 ? `${file}: up to date` : `${file}: applied ${applied.map((v) => String(v).padStart(4, '0')).join(', ')}`);
  } finally {
    db.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
