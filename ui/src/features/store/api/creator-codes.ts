import type { CreatorCodeCheckDto } from '@contract/creators.ts';
import { api } from '@/lib/api-client.ts';

/** The code as registered when the buyer may name it; an ApiError with the server's reason otherwise. */
export function checkCreatorCode(code: string): Promise<CreatorCodeCheckDto> {
  return api.get<CreatorCodeCheckDto>(`/api/creator-codes/${encodeURIComponent(code.trim())}`);
}
