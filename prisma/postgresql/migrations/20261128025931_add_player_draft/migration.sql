-- CreateTable
CREATE TABLE "PlayerDraft" (
    "gameId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PlayerDraft_pkey" PRIMARY KEY ("gameId","userId")
);

