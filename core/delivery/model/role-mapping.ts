import type { Entitlement } from '../ports.ts';

/** The Discord roles the site hands out: one per product (or per option of a product), and the whitelist role. */
export interface RoleMappingSettings {
  /** key: a product id, or `productId:optionId` for one option (which wins over its product) */
  products: Readonly<Record<string, string>>;
  whitelistRoleId: string | null;
}

export class RoleMapping {
  constructor(private readonly settings: RoleMappingSettings = { products: {}, whitelistRoleId: null }) {}

  roleFor(item: { productId: string; optionId: string | null }): string | null {
    const { products } = this.settings;
    return (
      (item.optionId ? products[`${item.productId}:${item.optionId}`] : undefined) ?? products[item.productId] ?? null
    );
  }

  get whitelistRole(): string | null {
    return this.settings.whitelistRoleId;
  }

  /** every role the site manages; reconcile touches no other role */
  get managedRoles(): Set<string> {
    const roles = new Set(Object.values(this.settings.products));
    if (this.settings.whitelistRoleId) roles.add(this.settings.whitelistRoleId);
    return roles;
  }

  /** the roles a member should hold, from what they bought and whether their whitelist application was approved */
  expectedRoles(entitlement: Pick<Entitlement, 'items' | 'whitelistApproved'>): Set<string> {
    const roles = new Set<string>();
    for (const item of entitlement.items) {
      const role = this.roleFor(item);
      if (role) roles.add(role);
    }
    if (entitlement.whitelistApproved && this.settings.whitelistRoleId) roles.add(this.settings.whitelistRoleId);
    return roles;
  }
}
