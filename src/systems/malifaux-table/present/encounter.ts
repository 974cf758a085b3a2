/**
 * /encounter's answer: the encounter in words — strategy, deployment and the scheme pool, each with the
 * suit or number that chose it — with the flips that set it (SETUP-2..4) and its share code. Everything
 * here is public: an encounter is flipped face up, and the seed it was shuffled from decides nothing else.
 */
import type { Message } from '../../contract.js';
import type { MessageKey, Translate } from '../../../i18n/index.js';
import {
  deploymentById,
  encounterCode,
  schemeById,
  strategyById,
  type Encounter,
  type EncounterRecord,
} from '../../malifaux-game/engine/index.js';
import { cards, card, namedSuits } from './cards.js';
import { COLOR } from './status.js';

/** A strategy's, deployment's or scheme's name in the reader's language (the ids are stable data). */
const named = (t: Translate, id: string) => t(`encounter.name.${id}` as MessageKey);

function encounterFields(t: Translate, e: Encounter) {
  const strategy = strategyById(e.strategy)!;
  const deployment = deploymentById(e.deployment)!;
  return [
    { name: t('encounter.strategy'), value: t('encounter.suitFrom', { name: named(t, strategy.id), suit: namedSuits(t, [strategy.suit]) }), inline: true },
    { name: t('encounter.deployment'), value: t('encounter.suitFrom', { name: named(t, deployment.id), suit: namedSuits(t, [deployment.suit]) }), inline: true },
    {
      name: t('encounter.schemes'),
      value: e.schemes.map((id) => t('encounter.schemeLine', { number: schemeById(id)!.number, name: named(t, id) })).join('\n'),
    },
  ];
}

/** A freshly flipped encounter; `players` are the seats' users (the second may be nobody in particular). */
export function flippedEncounterMessage(t: Translate, record: EncounterRecord, seed: string, players: readonly [string, string | null]): Message {
  const who = (seat: number) => (players[seat] ? `<@${players[seat]}>` : t(seat === 0 ? 'encounter.playerOne' : 'encounter.playerTwo'));
  const attackerFlips = [0, 1].map((seat) =>
    t('encounter.flip', { name: who(seat), cards: cards(record.flips.filter((f) => f.step === 'attacker' && f.seat === seat).map((f) => f.card)) }),
  );
  const poolFlips = record.flips.filter((f) => f.step === 'schemePool').map((f) => f.card);
  const code = encounterCode(record.encounter);
  return {
    embeds: [
      {
        title: t('encounter.title', { pack: t(`encounter.pack.${record.encounter.pack}`) }),
        color: COLOR.neutral,
        description: [
          `**${t('encounter.attackerFlips')}**`,
          ...attackerFlips,
          t('encounter.attacker', { name: who(record.attacker), card: card(record.cards.attacker), other: card(record.cards.defender) }),
        ].join('\n'),
        fields: [...encounterFields(t, record.encounter), { name: '\u200b', value: t('encounter.poolFlips', { cards: cards(poolFlips) }) }],
        footer: { text: t('encounter.seed', { seed }) },
      },
    ],
    content: t('encounter.shareCode', { code }),
    allowed_mentions: { parse: [] },
  };
}

/** The encounter a share code fixes: what it sets, and that the players still flip for Attacker. */
export function codedEncounterMessage(t: Translate, encounter: Encounter): Message {
  const code = encounterCode(encounter);
  return {
    embeds: [
      {
        title: t('encounter.codeTitle', { code, pack: t(`encounter.pack.${encounter.pack}`) }),
        color: COLOR.neutral,
        description: t('encounter.fixedNote'),
        fields: encounterFields(t, encounter),
      },
    ],
    allowed_mentions: { parse: [] },
  };
}
