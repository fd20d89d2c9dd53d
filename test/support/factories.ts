import { randomUUID } from 'node:crypto';
import type { Role } from '../../src/database/schema/users.js';
import { users } from '../../src/database/schema/users.js';
import { AuthService } from '../../src/modules/auth/auth.service.js';
import { PasswordService } from '../../src/modules/auth/password.service.js';
import type { FactoryHost } from './factory-host.js';

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  role: Role;
  token: string;
  /** Authorization header value. */
  bearer: string;
}

const hashes = new Map<string, string>();

/** A user row with valid defaults and a signed token, created directly (no rate limit, no HTTP). */
export async function createUser(t: FactoryHost, overrides: Partial<{ id: string; name: string; email: string; password: string; role: Role; phone: string; address: string }> = {}): Promise<TestUser> {
  const password = overrides.password ?? 'secret-pass-1';
  let hash = hashes.get(password);
  if (!hash) {
    hash = await t.app.get(PasswordService).hash(password);
    hashes.set(password, hash);
  }
  const [row] = await t.db
    .insert(users)
    .values({
      ...(overrides.id && { id: overrides.id }),
      name: overrides.name ?? 'Test User',
      email: overrides.email ?? `user-${randomUUID()}@example.com`,
      passwordHash: hash,
      phone: overrides.phone ?? '+8801700000000',
      address: overrides.address ?? 'Road 1, Dhaka',
      role: overrides.role ?? 'user',
    })
    .returning();
  const token = await t.app.get(AuthService).issueToken(row.id, row.role);
  return { id: row.id, name: row.name, email: row.email, password, role: row.role, token, bearer: `Bearer ${token}` };
}

export const createAdmin = (t: FactoryHost, overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(t, { name: 'Test Admin', ...overrides, role: 'admin' });
