import type { ProductType } from '../../core/catalogue/model/product.ts';
import type { Coupon, CouponWithUses } from '../../core/promotions/model/coupon.ts';
import type {
  CouponUse,
  CouponUses,
  PromotionRepository,
  Redemption,
  UseDecision,
} from '../../core/promotions/ports.ts';
import type { Sale } from '../../core/promotions/model/sale.ts';
import type { Database } from './database.ts';
import { isUuid } from './mikro-orm-user-repository.ts';

type Row = Record<string, unknown>;

/** what a write to the coupons or the sales announces in this process (their triggers tell the others) */
export const COUPONS_CHANGED = 'table:coupons';
export const SALES_CHANGED = 'table:sales';

/**
 * the uses of a coupon that count: those whose purchase is paid, held or reversed, or awaits payment since the
 * cut-off (its one parameter); a failed or abandoned checkout's use is given back
 */
const COUNTED = `("p"."status" in ('completed', 'underpaid', 'refunded', 'disputed') or ("p"."status" = 'pending' and "p"."created_at" >= ?))`;

const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
const list = <T>(value: unknown): T[] => (typeof value === 'string' ? JSON.parse(value) : (value as T[]));
const int = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** the products and types a coupon or a sale takes, as their two jsonb columns */
const targetColumns = (target: { productIds: string[]; productTypes: ProductType[] }) => [
  JSON.stringify(target.productIds),
  JSON.stringify(target.productTypes),
];

function toCoupon(row: Row): Coupon {
  return {
    id: String(row.id),
    code: String(row.code),
    percentOff: int(row.percent_off),
    amountOffCents: int(row.amount_off_cents),
    productIds: list<string>(row.product_ids),
    productTypes: list<ProductType>(row.product_types),
    maxUses: int(row.max_uses),
    perPlayer: int(row.per_player),
    startsAt: date(row.starts_at),
    expiresAt: date(row.expires_at),
    months: int(row.months),
    disabledAt: date(row.disabled_at),
    createdBy: (row.created_by as string | null) ?? null,
    createdAt: new Date(row.created_at as string),
  };
}

function toSale(row: Row): Sale {
  return {
    id: String(row.id),
    name: String(row.name),
    percentOff: Number(row.percent_off),
    productIds: list<string>(row.product_ids),
    productTypes: list<ProductType>(row.product_types),
    startsAt: new Date(row.starts_at as string),
    endsAt: new Date(row.ends_at as string),
    createdBy: (row.created_by as string | null) ?? null,
    createdAt: new Date(row.created_at as string),
  };
}

/**
 * Coupons (coupons), their uses (coupon_redemptions: a row per purchase, counted with its purchase's status, so
 * no row is updated by every buyer) and sales (sales). A limited coupon's row is locked while its uses are
 * counted and one is added; the lock is taken alone, in a transaction that locks nothing else.
 */
export class MikroOrmPromotionRepository implements PromotionRepository {
  constructor(private readonly database: Database) {}

  private rows(sql: string, params: unknown[] = []): Promise<Row[]> {
    return this.database.em.execute<Row[]>(sql, params);
  }

  async addCoupon(coupon: Coupon): Promise<boolean> {
    const inserted = await this.rows(
      `insert into "coupons" ("id", "code", "percent_off", "amount_off_cents", "product_ids", "product_types", "max_uses",
         "per_player", "starts_at", "expires_at", "months", "disabled_at", "created_by", "created_at")
       values (?, ?, ?, ?, cast(? as jsonb), cast(? as jsonb), ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict ("code") do nothing returning "id"`,
      [
        coupon.id,
        coupon.code,
        coupon.percentOff,
        coupon.amountOffCents,
        ...targetColumns(coupon),
        coupon.maxUses,
        coupon.perPlayer,
        coupon.startsAt,
        coupon.expiresAt,
        coupon.months,
        coupon.disabledAt,
        coupon.createdBy,
        coupon.createdAt,
      ],
    );
    if (inserted.length > 0) this.database.changed(COUPONS_CHANGED);
    return inserted.length > 0;
  }

  async findCoupon(code: string): Promise<Coupon | null> {
    const [row] = await this.rows(`select * from "coupons" where "code" = ?`, [code]);
    return row ? toCoupon(row) : null;
  }

  async listCoupons(openSince: Date): Promise<CouponWithUses[]> {
    const rows = await this.rows(
      `select "c".*, (select count(*) from "coupon_redemptions" "r" join "purchases" "p" on "p"."id" = "r"."purchase_id"
         where "r"."coupon_id" = "c"."id" and ${COUNTED}) as "uses"
       from "coupons" "c" order by "c"."created_at" desc, "c"."id" desc`,
      [openSince],
    );
    return rows.map((row) => ({ ...toCoupon(row), uses: Number(row.uses) }));
  }

  async disableCoupon(code: string, at: Date): Promise<Coupon | null> {
    const [row] = await this.rows(
      `update "coupons" set "disabled_at" = coalesce("disabled_at", ?) where "code" = ? returning *`,
      [at, code],
    );
    this.database.changed(COUPONS_CHANGED);
    return row ? toCoupon(row) : null;
  }

  async usesOf(couponId: string, userId: string, openSince: Date): Promise<CouponUses> {
    const { reserved: _, ...uses } = await this.countUses(couponId, userId, null, openSince);
    return uses;
  }

  private async countUses(
    couponId: string,
    userId: string,
    /** the purchase whose use is being stored: whether it keeps one already (`reserved`) */
    purchaseId: string | null,
    openSince: Date,
  ): Promise<CouponUses & { reserved: boolean }> {
    const [row] = await this.rows(
      `select count(*) as "total", count(*) filter (where "r"."user_id" = ?) as "by_player",
         count(*) filter (where "r"."user_id" = ? and "p"."status" = 'pending') as "open_by_player",
         count(*) filter (where "r"."purchase_id" = ?) as "reserved"
       from "coupon_redemptions" "r" join "purchases" "p" on "p"."id" = "r"."purchase_id"
       where "r"."coupon_id" = ? and ${COUNTED}`,
      [userId, userId, purchaseId, couponId, openSince],
    );
    return {
      total: Number(row?.total ?? 0),
      byPlayer: Number(row?.by_player ?? 0),
      openByPlayer: Number(row?.open_by_player ?? 0),
      reserved: Number(row?.reserved ?? 0) > 0,
    };
  }

  async redeem(couponId: string, use: CouponUse, decision: UseDecision | null): Promise<Redemption> {
    return this.database.transactional(async () => {
      if (decision) {
        // concurrent redemptions of one limited coupon take turns here, each counting what the one before reserved
        await this.rows(`select 1 from "coupons" where "id" = ? for update`, [couponId]);
        const outcome = decision.decide(await this.countUses(couponId, use.userId, use.purchaseId, decision.openSince));
        if (outcome !== 'redeemed') return outcome;
      }
      await this.rows(
        `insert into "coupon_redemptions" ("purchase_id", "coupon_id", "user_id", "created_at") values (?, ?, ?, ?)
         on conflict ("purchase_id") do nothing`,
        [use.purchaseId, couponId, use.userId, use.at],
      );
      return 'redeemed';
    });
  }

  async addSale(sale: Sale): Promise<void> {
    await this.rows(
      `insert into "sales" ("id", "name", "percent_off", "product_ids", "product_types", "starts_at", "ends_at", "created_by", "created_at")
       values (?, ?, ?, cast(? as jsonb), cast(? as jsonb), ?, ?, ?, ?)`,
      [
        sale.id,
        sale.name,
        sale.percentOff,
        ...targetColumns(sale),
        sale.startsAt,
        sale.endsAt,
        sale.createdBy,
        sale.createdAt,
      ],
    );
    this.database.changed(SALES_CHANGED);
  }

  async listSales(): Promise<Sale[]> {
    return (await this.rows(`select * from "sales" order by "created_at" desc, "id" desc`)).map(toSale);
  }

  async liveSales(at: Date): Promise<Sale[]> {
    const rows = await this.rows(
      `select * from "sales" where "ends_at" > ? and "starts_at" <= ? order by "created_at" desc, "id" desc`,
      [at, at],
    );
    return rows.map(toSale);
  }

  /** the sales on at `at` and those starting later, newest first (what CachedPromotions keeps) */
  async salesNotEndedAt(at: Date): Promise<Sale[]> {
    const rows = await this.rows(`select * from "sales" where "ends_at" > ? order by "created_at" desc, "id" desc`, [
      at,
    ]);
    return rows.map(toSale);
  }

  async endSale(id: string, at: Date): Promise<Sale | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.rows(
      `update "sales" set "ends_at" = least("ends_at", ?), "starts_at" = least("starts_at", ?) where "id" = ? returning *`,
      [at, at, id],
    );
    this.database.changed(SALES_CHANGED);
    return row ? toSale(row) : null;
  }
}
