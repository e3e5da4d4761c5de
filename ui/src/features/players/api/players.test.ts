import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { actionError } from './players.ts';

describe('actionError', () => {
  it("shows the server's reason for a refusal on rank, as for other 403s", () => {
    const message = 'This account holds permissions you do not: Issue refunds. Ask someone who holds them.';
    const refused = new ApiError(403, 'Forbidden', message, { code: 'TARGET_OUTRANKS', message });
    expect(actionError(refused)).toBe(message);
  });
});
