-- AlterTable
ALTER TABLE "Game" ADD COLUMN "atDeadline" TEXT;
ALTER TABLE "Game" ADD COLUMN "turnClockHours" INTEGER;

-- CreateTable
CREATE TABLE "AwaitedDecision" (
    "gameId" TEXT NOT NULL,
    "decisionId" TEXT NOT NULL,
    "guildId" TEXT,
    "channelId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "since" DATETIME NOT NULL,
    "remindAt" DATETIME,
    "warnAt" DATETIME,
    "deadlineAt" DATETIME,
    "sent" INTEGER NOT NULL DEFAULT 0,
    "nextAt" DATETIME,

    PRIMARY KEY ("gameId", "decisionId")
);

-- CreateIndex
CREATE INDEX "AwaitedDecision_guildId_userId_idx" ON "AwaitedDecision"("guildId", "userId");

-- CreateIndex
CREATE INDEX "AwaitedDecision_nextAt_idx" ON "AwaitedDecision"("nextAt");

