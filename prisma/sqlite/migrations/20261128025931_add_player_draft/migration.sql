-- CreateTable
CREATE TABLE "PlayerDraft" (
    "gameId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("gameId", "userId")
);

