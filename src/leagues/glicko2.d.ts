/**
 * Types for glicko2 1.2.2 (no types shipped): Henri Bourcereau's Glicko-2 (Mark Glickman's rating system),
 * only the part the leagues use. Ratings and deviations are on the Glicko scale (1500 ± 350 by default).
 */
declare module 'glicko2' {
  export interface Glicko2Settings {
    /** System constant constraining volatility change; 0.3 to 1.2 (default 0.5). */
    tau?: number;
    rating?: number;
    rd?: number;
    vol?: number;
    volatility_algorithm?: 'oldprocedure' | 'newprocedure' | 'newprocedure_mod' | 'oldprocedure_simple';
  }

  export interface Glicko2Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }

  /** A match: the first player's outcome against the second, 1 a win, 0.5 a draw, 0 a loss. */
  export type Glicko2Match = [Glicko2Player, Glicko2Player, number];

  export class Glicko2 {
    constructor(settings?: Glicko2Settings);
    /** A player with the settings' defaults for what is left out (0 counts as left out). */
    makePlayer(rating?: number, rd?: number, vol?: number): Glicko2Player;
    /**
     * One rating period: forgets the previous period's matches, takes these, and updates every player made
     * so far (those without a match only see their deviation grow), each against the opponents' ratings
     * from before the period.
     */
    updateRatings(matches: readonly Glicko2Match[]): void;
  }
}
