-- CreateTable
CREATE TABLE "Game" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "guildId" TEXT,
    "channelId" TEXT NOT NULL,
    "system" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "snapshot" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "activeChannelId" TEXT
);

-- CreateTable
CREATE TABLE "GameEvent" (
    "gameId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "actor" TEXT,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("gameId", "seq"),
    CONSTRAINT "GameEvent_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "InteractionReceipt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "UserSetting" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "locale" TEXT,
    "directMessages" BOOLEAN NOT NULL DEFAULT true
);

-- CreateTable
CREATE TABLE "GuildSetting" (
    "guildId" TEXT NOT NULL PRIMARY KEY,
    "refereeRoleId" TEXT
);

-- CreateIndex
CREATE UNIQUE INDEX "Game_activeChannelId_key" ON "Game"("activeChannelId");

-- CreateIndex
CREATE INDEX "Game_channelId_createdAt_idx" ON "Game"("channelId", "createdAt");

-- CreateIndex
CREATE INDEX "InteractionReceipt_at_idx" ON "InteractionReceipt"("at");

