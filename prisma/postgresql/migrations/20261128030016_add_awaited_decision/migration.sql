-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "atDeadline" TEXT,
ADD COLUMN     "turnClockHours" INTEGER;

-- CreateTable
CREATE TABLE "AwaitedDecision" (
    "gameId" TEXT NOT NULL,
    "decisionId" TEXT NOT NULL,
    "guildId" TEXT,
    "channelId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "since" TIMESTAMP(3) NOT NULL,
    "remindAt" TIMESTAMP(3),
    "warnAt" TIMESTAMP(3),
    "deadlineAt" TIMESTAMP(3),
    "sent" INTEGER NOT NULL DEFAULT 0,
    "nextAt" TIMESTAMP(3),

    CONSTRAINT "AwaitedDecision_pkey" PRIMARY KEY ("gameId","decisionId")
);

-- CreateIndex
CREATE INDEX "AwaitedDecision_guildId_userId_idx" ON "AwaitedDecision"("guildId", "userId");

-- CreateIndex
CREATE INDEX "AwaitedDecision_nextAt_idx" ON "AwaitedDecision"("nextAt");

