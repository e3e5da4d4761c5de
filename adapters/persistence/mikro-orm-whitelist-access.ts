import type { WhitelistAccess } from '../../core/applications/ports.ts';
import type { Database } from './database.ts';

/** Approval lets the applicant into the server: users.is_whitelisted. */
export class MikroOrmWhitelistAccess implements WhitelistAccess {
  constructor(private readonly database: Database) {}

  async grant(userId: string): Promise<void> {
    await this.database.em.execute(`update "users" set "is_whitelisted" = true, "updated_at" = now() where "id" = ?`, [
      userId,
    ]);
    this.database.changed(`user:${userId}`);
  }
}
