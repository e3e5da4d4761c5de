import { z } from 'zod';
import type { Catalogue } from '../../catalogue/model/catalogue.ts';
import { GRANT_ACTIONS, type GrantAction, type GrantKind } from './grant.ts';

/** One step of a product's grants, as the owner declares it. */
export interface GrantStep {
  kind: GrantKind;
  /** the command's template, or the event's name */
  text: string;
  /** whether the player must be on the server when it runs */
  online: boolean;
}

/** key: a product id, or `productId:optionId` (its actions win over the product's) */
export type GrantPlanSettings = Readonly<Record<string, Partial<Record<GrantAction, readonly GrantStep[]>>>>;

/** The values a command's template may name: all of them the site's own, none typed by a player. */
export const COMMAND_PLACEHOLDERS = [
  'discordId',
  'grantId',
  'purchaseId',
  'product',
  'option',
  'quantity',
  'action',
] as const;
export type CommandPlaceholder = (typeof COMMAND_PLACEHOLDERS)[number];

/** What a player typed and the site keeps: never written into a console command, never sent in a payload. */
export const PLAYER_TYPED_FIELDS = ['buyerDiscord', 'banReason', 'buyerEmail', 'giftName'] as const;

/** What a value written into a command may hold: letters, digits and `_ - . :`. Nothing a console splits on. */
export const COMMAND_VALUE = /^[A-Za-z0-9_.:-]*$/;

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The game server's grants per product, declared by the owner (GAME_GRANTS_FILE). */
export class GrantPlan {
  constructor(private readonly settings: GrantPlanSettings = {}) {}

  /** the steps an item's action runs: its option's, else its product's */
  stepsFor(item: { productId: string; optionId: string | null }, action: GrantAction): readonly GrantStep[] {
    const { settings } = this;
    const ofOption = item.optionId ? settings[`${item.productId}:${item.optionId}`]?.[action] : undefined;
    return ofOption ?? settings[item.productId]?.[action] ?? [];
  }

  get empty(): boolean {
    return Object.keys(this.settings).length === 0;
  }
}

/**
 * A command written from its template, or why it may not be: a value holding anything a console could split on
 * (`;`, a space, a newline, a quote) refuses it whole.
 */
export function writeCommand(
  template: string,
  values: Readonly<Record<CommandPlaceholder, string>>,
): { command: string } | { refused: string } {
  let refused: string | null = null;
  const command = template.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = values[name as CommandPlaceholder] ?? '';
    if (!COMMAND_VALUE.test(value) && !refused)
      refused = `The value of {${name}} holds characters a console command cannot carry, so the command was not sent.`;
    return value;
  });
  return refused ? { refused } : { command };
}

const stepSchema = z
  .object({
    command: z.string().trim().min(1).max(500).optional(),
    event: z
      .string()
      .regex(/^[A-Za-z0-9_:.-]{1,100}$/, 'an event name is letters, digits and _ : . - (at most 100)')
      .optional(),
    online: z.boolean().optional(),
  })
  .strict();

const entrySchema = z.record(z.string(), z.array(stepSchema));
const fileSchema = z.record(z.string(), entrySchema);

/** Where a problem with the grants' file is: the key, the action and the step. */
const at = (key: string, action?: string, index?: number) =>
  `"${key}"${action ? ` ${action}` : ''}${index === undefined ? '' : ` step ${index + 1}`}`;

/**
 * Reads the grants' file as the owner wrote it, against the catalogue: every key names a product or a product's
 * option, every action is one of GRANT_ACTIONS, every step is a command or an event (not both), and a command names
 * only COMMAND_PLACEHOLDERS. Answers the plan, or every problem found, each naming where it is.
 */
export function readGrantPlan(raw: unknown, catalogue: Catalogue): { plan: GrantPlan } | { problems: string[] } {
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success)
    return {
      problems: parsed.error.issues.map(
        (issue) => `${issue.path.length > 0 ? `at ${issue.path.join('.')}: ` : ''}${issue.message}`,
      ),
    };
  const problems: string[] = [];
  const settings: Record<string, Partial<Record<GrantAction, GrantStep[]>>> = {};
  for (const [key, actions] of Object.entries(parsed.data)) {
    const unknown = unknownItem(key, catalogue);
    if (unknown) {
      problems.push(unknown);
      continue;
    }
    const entry: Partial<Record<GrantAction, GrantStep[]>> = {};
    for (const [action, steps] of Object.entries(actions)) {
      if (!(GRANT_ACTIONS as readonly string[]).includes(action)) {
        problems.push(`${at(key)}: "${action}" is not an action; the actions are ${GRANT_ACTIONS.join(', ')}.`);
        continue;
      }
      entry[action as GrantAction] = steps.flatMap((step, index): GrantStep[] => {
        const where = at(key, action, index);
        if ((step.command === undefined) === (step.event === undefined)) {
          problems.push(`${where}: give either "command" or "event".`);
          return [];
        }
        if (step.command !== undefined) {
          const bad = unknownPlaceholders(step.command);
          if (bad.length > 0) {
            problems.push(`${where}: ${bad.map(placeholderProblem).join(' ')}`);
            return [];
          }
          return [{ kind: 'command' as const, text: step.command, online: step.online ?? true }];
        }
        return [{ kind: 'event' as const, text: step.event as string, online: step.online ?? true }];
      });
    }
    settings[key] = entry;
  }
  return problems.length > 0 ? { problems } : { plan: new GrantPlan(settings) };
}

function unknownItem(key: string, catalogue: Catalogue): string | null {
  const item = catalogue.itemOf(key);
  if (!('problem' in item)) return null;
  if (item.problem === 'no-product') return `${at(key)} is not a product of the catalogue.`;
  return `${at(key)}: ${item.product.name} has no option "${item.optionId}".`;
}

function unknownPlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)]
    .map((match) => match[1] as string)
    .filter((name) => !(COMMAND_PLACEHOLDERS as readonly string[]).includes(name));
}

function placeholderProblem(name: string): string {
  if ((PLAYER_TYPED_FIELDS as readonly string[]).includes(name))
    return `{${name}} is what a player typed, and a console command may not carry it.`;
  return `{${name}} is not a value the site fills; the values are ${COMMAND_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`;
}
