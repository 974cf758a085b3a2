-- DropForeignKey
ALTER TABLE "GameEvent" DROP CONSTRAINT "GameEvent_gameId_fkey";

