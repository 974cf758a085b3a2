-- CreateTable
CREATE TABLE "ModelProfile" (
    "guildId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "title" TEXT,
    "station" TEXT NOT NULL,
    "stationLimit" INTEGER,
    "totemOf" TEXT,
    "insignificant" BOOLEAN NOT NULL,
    "versatile" BOOLEAN NOT NULL,
    "factions" TEXT NOT NULL,
    "keywords" TEXT NOT NULL,
    "cost" INTEGER,
    "health" INTEGER NOT NULL,
    "base" INTEGER NOT NULL,
    "df" INTEGER NOT NULL,
    "wp" INTEGER NOT NULL,
    "sz" INTEGER NOT NULL,
    "mv" INTEGER NOT NULL,
    "soulstoneUser" BOOLEAN,
    "createdBy" TEXT NOT NULL,
    "updatedBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ModelProfile_pkey" PRIMARY KEY ("guildId","key")
);

-- CreateTable
CREATE TABLE "UpgradeProfile" (
    "guildId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "cost" INTEGER NOT NULL,
    "factions" TEXT NOT NULL,
    "plentiful" INTEGER,
    "special" BOOLEAN NOT NULL,
    "restrictions" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "updatedBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UpgradeProfile_pkey" PRIMARY KEY ("guildId","key")
);

