/**
 * Types for edmonds-blossom-fixed 1.0.1 (no types shipped): Joris van Rantwijk's maximum weighted matching
 * (Edmonds' blossom algorithm, O(n³)), ported to JavaScript.
 */
declare module 'edmonds-blossom-fixed' {
  /**
   * `edges` are [i, j, weight] with vertices numbered from 0; weights should be integers (the duals are
   * compared for exact equality). With `maxCardinality` the matching is the heaviest among those of the
   * largest size. Returns `mate`: mate[v] is v's partner or −1; its length is 1 + the largest vertex that
   * appears in an edge (an empty array for no edges).
   */
  function maxWeightMatching(edges: readonly (readonly [number, number, number])[], maxCardinality?: boolean): number[];
  export = maxWeightMatching;
}
