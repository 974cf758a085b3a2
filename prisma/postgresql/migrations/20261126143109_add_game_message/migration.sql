-- CreateTable
CREATE TABLE "GameMessage" (
    "gameId" TEXT NOT NULL,
    "slot" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "fromBatch" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GameMessage_pkey" PRIMARY KEY ("gameId","slot")
);

