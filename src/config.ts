/** Environment → configuration, validated once at start-up so a typo fails loudly instead of at the first command. */
import { z } from 'zod';

const envSchema = z.object({
  DISCORD_TOKEN: z.string().min(1).optional(),
  DISCORD_APPLICATION_ID: z.string().regex(/^\d+$/).optional(),
  DISCORD_PUBLIC_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, 'a 64-character hex Ed25519 key').optional(),
  DISCORD_GUILD_ID: z.string().regex(/^\d+$/).optional(),
  DISCORD_API_BASE: z.string().url().optional(),
  BOT_MODE: z.enum(['gateway', 'http']).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().optional(),
  /**
   * The bot's public https address: leagues' pages are linked at it and served on PORT (by the HTTP
   * endpoint, or on the gateway by a server of the pages alone); in HTTP mode public pictures are also
   * linked from it instead of uploaded.
   */
  PUBLIC_URL: z.string().url().optional(),
  /** The key that signs picture links (default: derived from DISCORD_TOKEN, see README). */
  PICTURE_SECRET: z.string().min(16).optional(),
  /** How often the bot looks for reminders due (slow games' turn clocks), in seconds. */
  REMINDER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
});

export type Config = z.infer<typeof envSchema> & { mode: 'gateway' | 'http' | 'sandbox' };

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const mode = c.BOT_MODE ?? (c.DISCORD_TOKEN ? 'gateway' : c.DISCORD_PUBLIC_KEY ? 'http' : 'sandbox');
  if (mode === 'gateway' && !c.DISCORD_TOKEN) throw new Error('BOT_MODE=gateway needs DISCORD_TOKEN.');
  if (mode === 'http' && (!c.DISCORD_PUBLIC_KEY || !c.DISCORD_APPLICATION_ID)) {
    throw new Error('BOT_MODE=http needs DISCORD_PUBLIC_KEY and DISCORD_APPLICATION_ID.');
  }
  return { ...c, mode };
}
