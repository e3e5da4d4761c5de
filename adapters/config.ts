import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  DATABASE_URL: optionalText.pipe(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://').optional()),
  DATA_DIR: z.string().default('./data'),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  DISCORD_CLIENT_ID: optionalText,
  DISCORD_CLIENT_SECRET: optionalText,
  DISCORD_REDIRECT_URI: optionalText.pipe(z.url().optional()),
  /** Discord's address; only a test stand-in changes it */
  DISCORD_BASE_URL: z.url().default('https://discord.com'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** another Stripe-compatible API address (a local mock); Stripe's own when unset */
  STRIPE_API_BASE: optionalText.pipe(z.url().optional()),
  ADMIN_DISCORD_IDS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((id) => id.trim()).filter(Boolean)),
  /** sign-in attempts per client address per minute */
  RATE_LIMIT_SIGNIN_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** state-changing API requests per signed-in user per minute */
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  publicUrl: string;
  production: boolean;
  discordConfigured: boolean;
  stripeConfigured: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const DISCORD_VARS = ['DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET', 'DISCORD_REDIRECT_URI'] as const;
const STRIPE_VARS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** Reads the environment once at start-up; production refuses the embedded sign-in and payment stand-ins. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const missing = (names: readonly (keyof Env)[]) => names.filter((name) => !env[name]);
  const discordMissing = missing(DISCORD_VARS);
  const stripeMissing = missing(STRIPE_VARS);
  const production = env.NODE_ENV === 'production';
  if (production) {
    const required = [...discordMissing, ...stripeMissing, ...missing(['SESSION_SECRET', 'PUBLIC_URL'])];
    if (required.length > 0) {
      throw new ConfigError(
        `Production refuses the development sign-in and demo payments. Set: ${required.join(', ')} (see .env.example).`,
      );
    }
  }
  return {
    ...env,
    production,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    discordConfigured: discordMissing.length === 0,
    stripeConfigured: stripeMissing.length === 0,
  };
}
