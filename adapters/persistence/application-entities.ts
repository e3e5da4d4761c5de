import { defineEntity, p } from '@mikro-orm/core';

/** The review audit log's rows (migration 0003); the application tables are read by MikroOrmApplicationRepository. */
export const ApplicationReviewRow = defineEntity({
  name: 'ApplicationReviewRow',
  tableName: 'application_reviews',
  properties: {
    seq: p.bigint().primary().autoincrement(),
    id: p.uuid().unique(),
    kind: p.string(),
    applicationId: p.uuid(),
    fromStatus: p.string(),
    toStatus: p.string(),
    notes: p.text().nullable(),
    reviewerId: p.uuid(),
    reviewerDiscordId: p.string(),
    reviewerName: p.string(),
    channel: p.string(),
    createdAt: p.datetime(),
  },
});

export const applicationEntities = [ApplicationReviewRow];
