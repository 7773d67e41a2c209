import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { createTestDatabase } from '../../test/database';
import { verifyPassword } from './password';
import { DEFAULT_ADMIN_EMAIL, seedAdmin } from './seed-admin';

describe('seeding the admin', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('creates one approved admin with a generated password on a first start, and only then', async () => {
    const first = await seedAdmin(database.db, null);
    expect(first.outcome).toBe('created');
    if (first.outcome !== 'created') return;
    expect(first.email).toBe(DEFAULT_ADMIN_EMAIL);
    expect(first.password).toMatch(/^(?=.*[a-zA-Z])(?=.*\d).{8,}$/);
    const [row] = await database.db.select().from(users).where(eq(users.email, DEFAULT_ADMIN_EMAIL));
    expect(row?.isApproved).toBe(true);
    expect(row?.userType).toBe('admin');
    expect(await verifyPassword(row?.passwordHash ?? '', first.password)).toBe(true);
    expect(await seedAdmin(database.db, null)).toEqual({ outcome: 'kept' });
  });

  it('creates, then updates, the admin named by ADMIN_EMAIL/ADMIN_PASSWORD', async () => {
    const created = await seedAdmin(database.db, { email: 'Ops@Example.com', password: 'first-pass-1' });
    expect(created).toMatchObject({ outcome: 'created', email: 'ops@example.com' });
    const updated = await seedAdmin(database.db, { email: 'ops@example.com', password: 'second-pass-2' });
    expect(updated).toEqual({ outcome: 'updated', email: 'ops@example.com' });
    const [row] = await database.db.select().from(users).where(eq(users.email, 'ops@example.com'));
    expect(await verifyPassword(row?.passwordHash ?? '', 'second-pass-2')).toBe(true);
    expect(await verifyPassword(row?.passwordHash ?? '', 'first-pass-1')).toBe(false);
  });
});
