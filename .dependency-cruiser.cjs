/**
 * The layers, checked by the test suite (test/architecture.test.ts), so they cannot come back:
 *
 *   i18n  ←  systems  ←  app  ←  discord  ←  main
 *                      store ←–┘
 *   (the Discord double and the sandbox sit at the edge, beside main)
 *
 * A system is a folder under src/systems/; the platform knows it only through src/systems/contract.ts
 * and src/systems/registry.ts.
 */
const EDGE = '^src/(main|config)\\.ts$|^src/(sandbox|discord-double)/';
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'No module imports itself back, directly or not.', from: {}, to: { circular: true } },
    {
      name: 'systems-are-pure',
      severity: 'error',
      comment: 'Game systems know nothing of the use cases, Discord transports, storage or the edge.',
      from: { path: '^src/systems/' },
      to: { path: `^src/(app|discord|store)/|${EDGE}` },
    },
    {
      name: 'leagues-are-pure',
      severity: 'error',
      comment: 'The leagues\' core (standings, pairings) knows nothing of the use cases, Discord, storage or the edge.',
      from: { path: '^src/leagues/' },
      to: { path: `^src/(app|discord|store)/|${EDGE}` },
    },
    {
      name: 'engines-are-pure',
      severity: 'error',
      comment: 'A system\'s rules import no pictures, presentation, I/O or clock-bound library.',
      from: { path: '^src/systems/[^/]+/engine/' },
      to: { path: '^src/systems/[^/]+/(pictures|present|commands|components)/|^src/i18n/|@napi-rs/canvas|discord|node:(fs|net|http|child_process|worker_threads)' },
    },
    {
      name: 'systems-apart',
      severity: 'error',
      comment: 'A system is a folder of its own: the platform reaches it through the contract and the registry only.',
      from: { path: '^src/(app|discord|store)/' },
      to: { path: '^src/systems/[^/]+/' },
    },
    {
      name: 'app-knows-no-discord',
      severity: 'error',
      comment: 'Use cases return problems, not Discord replies.',
      from: { path: '^src/app/' },
      to: { path: `^src/discord/|${EDGE}|discord\\.js|@discordjs` },
    },
    {
      name: 'discord-below-the-edge',
      severity: 'error',
      from: { path: '^src/discord/' },
      to: { path: EDGE },
    },
    {
      name: 'store-is-a-leaf',
      severity: 'error',
      from: { path: '^src/store/' },
      to: { path: `^src/(app|discord|systems|i18n)/|${EDGE}` },
    },
    {
      name: 'i18n-is-a-leaf',
      severity: 'error',
      from: { path: '^src/i18n/' },
      to: { path: '^src/(?!i18n/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|src/generated)/|\\.test\\.ts$|^src/systems/malifaux-table/engine/testkit\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
