-- CreateTable
CREATE TABLE "League" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "guildId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "snapshot" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "LeagueEntry" (
    "leagueId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "actor" TEXT,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("leagueId", "seq")
);

-- CreateTable
CREATE TABLE "LeagueChannel" (
    "channelId" TEXT NOT NULL PRIMARY KEY,
    "leagueId" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "LeagueGame" (
    "gameId" TEXT NOT NULL PRIMARY KEY,
    "leagueId" TEXT NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "League_guildId_nameKey_key" ON "League"("guildId", "nameKey");

