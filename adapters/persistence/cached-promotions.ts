import type { Coupon } from '../../core/promotions/model/coupon.ts';
import type { Sale } from '../../core/promotions/model/sale.ts';
import type { ChangeFeed } from './change-feed.ts';
import type { Database } from './database.ts';
import {
  COUPONS_CHANGED as COUPONS,
  MikroOrmPromotionRepository,
  SALES_CHANGED as SALES,
} from './mikro-orm-promotion-repository.ts';

/** coupons cached per process at most; past it the cache starts over (a code nobody holds is cached as none too) */
const MAX_COUPONS = 1000;

/**
 * The coupons and the sales a checkout prices with, in this process's memory: every checkout reads them, and an
 * admin changes them a few times a day. A change drops them at once: this process's own writes (`Database.changed`,
 * again at commit), and every other process's through the change feed (migration 0039's triggers). A read under way
 * while anything changed is not cached, and while the feed cannot hear, every read goes to the database. A coupon's
 * uses are never cached: they are counted under the coupon's lock when a checkout keeps one.
 */
export class CachedPromotions extends MikroOrmPromotionRepository {
  private readonly coupons = new Map<string, Coupon | null>();
  /** the sales not yet ended when read (a sale's start passes in memory), and when that was */
  private sales: { at: number; sales: Sale[] } | null = null;
  /** moves on every change heard: a read that began before it is not cached */
  private generation = 0;

  constructor(
    database: Database,
    private readonly feed: ChangeFeed,
  ) {
    super(database);
    database.onChange((key) => {
      if (key === '*' || key === COUPONS) {
        this.generation++;
        this.coupons.clear();
      }
      if (key === '*' || key === SALES) {
        this.generation++;
        this.sales = null;
      }
    });
  }

  override async findCoupon(code: string): Promise<Coupon | null> {
    if (this.feed.hearing && this.coupons.has(code)) return copy(this.coupons.get(code) ?? null);
    const generation = this.generation;
    const coupon = await super.findCoupon(code);
    if (this.feed.hearing && generation === this.generation) {
      if (this.coupons.size >= MAX_COUPONS) this.coupons.clear();
      this.coupons.set(code, copy(coupon));
    }
    return coupon;
  }

  override async liveSales(at: Date): Promise<Sale[]> {
    const cached = this.sales;
    if (this.feed.hearing && cached && at.getTime() >= cached.at)
      return cached.sales.filter((sale) => sale.startsAt <= at && sale.endsAt > at).map(copy);
    const generation = this.generation;
    // every sale not ended at `at`: one starting later is on the list when its start passes
    const sales = await this.salesNotEndedAt(at);
    if (this.feed.hearing && generation === this.generation) this.sales = { at: at.getTime(), sales: sales.map(copy) };
    return sales.filter((sale) => sale.startsAt <= at);
  }
}

/** a copy handed out: what a caller changes stays out of the cache */
const copy = <T>(value: T): T => structuredClone(value);
