-- AlterTable
ALTER TABLE "GuildSetting" ADD COLUMN "discordLocale" TEXT;
ALTER TABLE "GuildSetting" ADD COLUMN "locale" TEXT;

