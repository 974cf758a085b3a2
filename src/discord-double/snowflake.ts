/** Discord-shaped ids: (ms since the Discord epoch << 22) | counter, as decimal strings. */
const DISCORD_EPOCH = 1_420_070_400_000n;

export type SnowflakeFactory = () => string;

/** Monotonic within a double, so ids also sort in creation order like Discord's. */
export function createSnowflakes(now: () => number = Date.now): SnowflakeFactory {
  let last = 0n;
  return () => {
    let next = ((BigInt(now()) - DISCORD_EPOCH) << 22n) | 1n;
    if (next <= last) next = last + 1n;
    last = next;
    return next.toString();
  };
}
