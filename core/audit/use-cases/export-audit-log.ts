import { InvalidInputError } from '../../shared/errors.ts';
import type { AuditChain, AuditChainEntry } from '../model/audit-chain.ts';

/** A range of creation times: from its start (inclusive) to its end (exclusive); an open end is unbounded. */
export interface AuditRange {
  from: Date | null;
  to: Date | null;
}

const PAGE = 1000;

/** The chained logs' rows created in a range, in chain order, with their hashes: a copy to keep off the site. */
export class ExportAuditLog {
  constructor(private readonly chain: AuditChain) {}

  async *execute(range: AuditRange): AsyncGenerator<AuditChainEntry> {
    if (range.from && range.to && range.from > range.to)
      throw new InvalidInputError('RANGE_REVERSED', 'The start of the range comes after its end.');
    let after = 0;
    for (;;) {
      const page = await this.chain.read({ after, limit: PAGE, from: range.from, to: range.to });
      yield* page;
      if (page.length < PAGE) return;
      after = page[page.length - 1].position;
    }
  }
}
