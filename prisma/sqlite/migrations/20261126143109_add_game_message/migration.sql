-- CreateTable
CREATE TABLE "GameMessage" (
    "gameId" TEXT NOT NULL,
    "slot" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "fromBatch" INTEGER NOT NULL,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("gameId", "slot")
);

