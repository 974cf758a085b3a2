-- AlterTable
ALTER TABLE "GuildSetting" ADD COLUMN     "discordLocale" TEXT,
ADD COLUMN     "locale" TEXT;

