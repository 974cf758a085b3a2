/**
 * `npm run register`: publishes every command definition in commands/ to Discord with @discordjs/rest —
 * to DISCORD_GUILD_ID when set (instant, for a test server), else globally.
 */
import { Routes } from 'discord-api-types/v10';
import { REST } from '@discordjs/rest';
import { allCommands } from '../src/discord/commands/index.js';
import { readConfig } from '../src/config.js';

export async function registerCommands(rest: REST, applicationId: string, guildId?: string): Promise<number> {
  const body = allCommands.map((c) => c.definition);
  const route = guildId ? Routes.applicationGuildCommands(applicationId, guildId) : Routes.applicationCommands(applicationId);
  await rest.put(route, { body });
  return body.length;
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const config = readConfig();
  if (!config.DISCORD_TOKEN || !config.DISCORD_APPLICATION_ID) {
    console.error('npm run register needs DISCORD_TOKEN and DISCORD_APPLICATION_ID.');
    process.exit(1);
  }
  const rest = new REST({ version: '10', ...(config.DISCORD_API_BASE ? { api: config.DISCORD_API_BASE } : {}) }).setToken(config.DISCORD_TOKEN);
  const count = await registerCommands(rest, config.DISCORD_APPLICATION_ID, config.DISCORD_GUILD_ID);
  console.log(`Registered ${count} commands ${config.DISCORD_GUILD_ID ? `in guild ${config.DISCORD_GUILD_ID}` : 'globally'}.`);
}
