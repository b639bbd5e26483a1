/** The database seam: placeholders for PostgreSQL, and transactions that hold on both engines. */
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_ENGINE, makeTempDir } from '../test/helpers.js';
import { outsideTransaction, toPostgresSql, type Db } from './connection.js';

describe('toPostgresSql', () => {
  it('numbers ? placeholders and leaves quoted text and comments alone', () => {
    expect(toPostgresSql("SELECT ? AS a, 'what?' AS b, \"odd?col\" FROM t WHERE x = ? -- why?\nAND y = ?")).toEqual({
      text: "SELECT $1 AS a, 'what?' AS b, \"odd?col\" FROM t WHERE x = $2 -- why?\nAND y = $3",
      names: null,
    });
    expect(toPostgresSql("SELECT 'it''s ?' , ?").text).toBe("SELECT 'it''s ?' , $1");
  });

  it('gives each @name one number, reused where the name repeats, and keeps e-mail-like text in quotes', () => {
    expect(toPostgresSql("SELECT * FROM t WHERE a = @now OR b = @id OR c = @now OR d = 'x@y.z'")).toEqual({
      text: "SELECT * FROM t WHERE a = $1 OR b = $2 OR c = $1 OR d = 'x@y.z'",
      names: ['now', 'id'],
    });
  });

  it('refuses a statement that mixes both kinds', () => {
    expect(() => toPostgresSql('SELECT ? , @a')).toThrow(/either/);
  });
});

describe(`transactions (${TEST_ENGINE})`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });
  const open = async (): Promise<{ db: Db; reopen(): Db }> => {
    const dir = makeTempDir('izz-conn-');
    const t = await openTestDatabase(dir);
    cleanups.push(async () => {
      await t.db.close();
      await t.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    await t.db.run("INSERT INTO settings (key, value, updated_at) VALUES ('n', '0', 'x') ON CONFLICT (key) DO UPDATE SET value = '0'");
    return t;
  };
  const value = async (db: Db) => (await db.get<{ value: string }>("SELECT value FROM settings WHERE key = 'n'"))?.value;

  it('rolls back everything fn did when it throws, and keeps what a caught savepoint did not undo', async () => {
    const { db } = await open();
    await expect(
      db.transaction(async () => {
        await db.run("UPDATE settings SET value = '1' WHERE key = 'n'");
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await value(db)).toBe('0');
    await db.transaction(async () => {
      await db.run("UPDATE settings SET value = '2' WHERE key = 'n'");
      await db
        .transaction(async () => {
          await db.run("UPDATE settings SET value = '3' WHERE key = 'n'");
          throw new Error('inner');
        })
        .catch(() => undefined);
    });
    expect(await value(db)).toBe('2');
  });

  it('runs concurrent read-modify-write transactions one after the other (no lost update)', async () => {
    const { db } = await open();
    const bump = () =>
      db.transaction(async () => {
        const n = Number(await value(db));
        await new Promise((resolve) => setTimeout(resolve, 1));
        await db.run("UPDATE settings SET value = ? WHERE key = 'n'", [String(n + 1)]);
      });
    if (db.dialect === 'postgres') {
      // READ COMMITTED: a plain read does not lock; the row lock is what serialises, so read it FOR UPDATE.
      const bumpLocked = () =>
        db.transaction(async () => {
          const n = Number((await db.get<{ value: string }>("SELECT value FROM settings WHERE key = 'n' FOR UPDATE"))?.value);
          await db.run("UPDATE settings SET value = ? WHERE key = 'n'", [String(n + 1)]);
        });
      await Promise.all(Array.from({ length: 10 }, bumpLocked));
    } else {
      await Promise.all(Array.from({ length: 10 }, bump));
    }
    expect(await value(db)).toBe('10');
  });

  it('keeps a statement from outside out of an open transaction (it sees only what was committed)', async () => {
    const { db } = await open();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const tx = db.transaction(async () => {
      await db.run("UPDATE settings SET value = 'uncommitted' WHERE key = 'n'");
      await gate;
      throw new Error('roll back');
    });
    // Not part of the transaction, though it runs while the transaction is open: it never sees its write,
    // and its own write is not rolled back with it.
    const seen = outsideTransaction(() => value(db));
    const other = db.run("INSERT INTO settings (key, value, updated_at) VALUES ('m', 'kept', 'x')");
    release();
    await expect(tx).rejects.toThrow('roll back');
    expect(await seen).toBe('0');
    await other;
    expect((await db.get<{ value: string }>("SELECT value FROM settings WHERE key = 'm'"))?.value).toBe('kept');
  });

  it('does not take work started inside a transaction that outlives it for part of it', async () => {
    const { db } = await open();
    let later!: Promise<unknown>;
    await db.transaction(async () => {
      await db.run("UPDATE settings SET value = '5' WHERE key = 'n'");
      later = new Promise((resolve) => setTimeout(resolve, 5)).then(() => db.transaction(async () => db.run("UPDATE settings SET value = '6' WHERE key = 'n'")));
    });
    await later;
    expect(await value(db)).toBe('6');
  });

  it('lets a second connection to the same database wait for an open transaction', async () => {
    const { db, reopen } = await open();
    const second = reopen();
    cleanups.unshift(() => second.close());
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const tx = db.transaction(async () => {
      await db.run("UPDATE settings SET value = 'a' WHERE key = 'n'");
      await gate;
    });
    const fromSecond = second.transaction(async () => second.run("UPDATE settings SET value = value || 'b' WHERE key = 'n'"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all([tx, fromSecond]);
    expect(await value(db)).toBe('ab');
  });
});
