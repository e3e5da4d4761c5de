import type { ApplicationKindName } from '../../core/applications/model/application.ts';
import type { AnswerTemplate } from '../../core/applications/model/answer-template.ts';
import { AnswerTemplateNameTakenError } from '../../core/applications/errors.ts';
import type { AnswerTemplateRepository } from '../../core/applications/ports.ts';
import { snapshotMap, type SnapshotStore } from './in-memory-transactions.ts';

const KIND_ORDER: ApplicationKindName[] = ['whitelist', 'staff', 'appeal'];

/** The answer templates, in memory. */
export class InMemoryAnswerTemplateRepository implements AnswerTemplateRepository, SnapshotStore {
  private readonly rows = new Map<string, AnswerTemplate>();

  snapshot(): () => void {
    return snapshotMap(this.rows);
  }

  async list(kind?: ApplicationKindName): Promise<AnswerTemplate[]> {
    return [...this.rows.values()]
      .filter((row) => !kind || row.kind === kind)
      .sort(
        (a, b) =>
          KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
          a.decision.localeCompare(b.decision) ||
          a.name.localeCompare(b.name),
      )
      .map((row) => structuredClone(row));
  }

  async findById(id: string): Promise<AnswerTemplate | null> {
    const row = this.rows.get(id);
    return row ? structuredClone(row) : null;
  }

  async add(template: AnswerTemplate): Promise<void> {
    this.refuseTakenName(template);
    this.rows.set(template.id, structuredClone(template));
  }

  async update(template: AnswerTemplate): Promise<boolean> {
    if (!this.rows.has(template.id)) return false;
    this.refuseTakenName(template);
    this.rows.set(template.id, structuredClone(template));
    return true;
  }

  async remove(id: string): Promise<boolean> {
    return this.rows.delete(id);
  }

  private refuseTakenName(template: AnswerTemplate): void {
    const name = template.name.toLowerCase();
    for (const row of this.rows.values())
      if (
        row.id !== template.id &&
        row.kind === template.kind &&
        row.decision === template.decision &&
        row.name.toLowerCase() === name
      )
        throw new AnswerTemplateNameTakenError(template.name);
  }
}
