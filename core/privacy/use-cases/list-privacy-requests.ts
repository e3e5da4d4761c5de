import type { PrivacyRequest } from '../model/privacy-request.ts';
import type { PrivacyRequestRepository } from '../ports.ts';

const LIST_MAX = 500;

/** The requests still to be seen to, the earliest deadline first; `all`: every request, newest first. */
export class ListPrivacyRequests {
  constructor(private readonly requests: PrivacyRequestRepository) {}

  execute(input: { all?: boolean } = {}): Promise<PrivacyRequest[]> {
    return this.requests.list({ open: !input.all, limit: LIST_MAX });
  }
}
