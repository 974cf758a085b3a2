-- AlterTable
ALTER TABLE "UserSetting" ADD COLUMN "clientLocale" TEXT;

