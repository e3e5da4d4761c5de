import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SESSION_SECRET_FILE = 'session-secret';

/**
 * SESSION_SECRET when set (production requires it). In development one is generated once and stored in
 * DATA_DIR, so sessions survive restarts; a throw-away database ('memory') gets a throw-away secret.
 */
export function resolveSessionSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  if (dataDir === 'memory') return randomBytes(32).toString('base64url');
  const file = join(dataDir, SESSION_SECRET_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
