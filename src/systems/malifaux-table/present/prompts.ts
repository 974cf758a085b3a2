/**
 * Pending decisions as Discord components, shown only to the player who must decide: in their DM (with
 * their hand), or in the ephemeral "My hand" view. The channel says whom the table waits for and what
 * about, never with the controls — even a decision that needs no hidden card (a + pick, a soulstone, a
 * trigger) is the decider's alone to see and make.
 *
 * Custom ids carry the game id and a short fingerprint of the decision; both are re-checked against the
 * stored state on every click, so a button from an earlier decision is refused as stale.
 */
import { ButtonStyle, ComponentType, type APIActionRowComponent, type APIButtonComponentWithCustomId, type APIComponentInMessageActionRow } from 'discord-api-types/v10';
import { commandForChoice, DECLINE, NO_TRIGGER, type Command, type PendingDecision } from '../engine/index.js';
import type { Translate } from '../../../i18n/index.js';
import type { Refusal as Problem } from '../../contract.js';
import { decisionRef } from '../../decisionRef.js';
import { card, cardName, SUIT_EMOJI, suitName } from './cards.js';

export type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

export function decisionCustomId(gameId: string, decision: PendingDecision, choice?: string): string {
  return ['fk', 'd', gameId, decisionRef(decision.id), ...(choice === undefined ? [] : [choice])].join(':');
}

export function handButtonId(gameId: string): string {
  return `fk:hand:${gameId}`;
}

export function describeDecision(t: Translate, decision: Pick<PendingDecision, 'kind'>): string {
  return t(`decision.${decision.kind}`);
}

function button(customId: string, label: string, style: ButtonStyle.Primary | ButtonStyle.Secondary = ButtonStyle.Secondary, emoji?: string): APIButtonComponentWithCustomId {
  return { type: ComponentType.Button, custom_id: customId, label: label.slice(0, 80), style, ...(emoji ? { emoji: { name: emoji } } : {}) };
}

function rows(buttons: APIButtonComponentWithCustomId[]): Row[] {
  const out: Row[] = [];
  for (let i = 0; i < buttons.length && out.length < 4; i += 5) out.push({ type: ComponentType.ActionRow, components: buttons.slice(i, i + 5) });
  return out;
}

/** A private select of exactly `count` hand cards (the discard-down, a trigger's discard cost). */
function handCardsSelect(t: Translate, customId: string, hand: readonly string[], count: number, placeholder: string): Row {
  return {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.StringSelect,
        custom_id: customId,
        placeholder: placeholder.slice(0, 150),
        min_values: count,
        max_values: count,
        options: hand.slice(0, 25).map((c) => ({ label: cardName(t, c), value: c })),
      },
    ],
  };
}

/** The components that let the decider answer. `gameId` ties them to the game; the decision's fingerprint to this moment. */
export function decisionComponents(t: Translate, gameId: string, decision: PendingDecision): Row[] {
  const id = (choice?: string) => decisionCustomId(gameId, decision, choice);
  switch (decision.kind) {
    case 'pick':
      return rows(decision.legal.map((c) => button(id(c), card(c), ButtonStyle.Primary)));
    case 'cheat': {
      const select: Row = {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.StringSelect,
            custom_id: id(),
            placeholder: t('prompt.cheatPlaceholder'),
            min_values: 1,
            max_values: 1,
            options: decision.legal.slice(0, 25).map((c) => ({ label: cardName(t, c), value: c })),
          },
        ],
      };
      return [select, ...rows([button(id('no'), t('prompt.noCheat'), ButtonStyle.Secondary)])];
    }
    case 'discardDown':
      return [handCardsSelect(t, id(), decision.legal, decision.count, t('prompt.discardPlaceholder', { count: decision.count }))];
    case 'triggerCost':
      return [handCardsSelect(t, id(), decision.legal, decision.count, t('prompt.triggerCostPlaceholder', { count: decision.count, trigger: decision.trigger }))];
    case 'soulstone':
      return rows(
        decision.legal.map((use) =>
          use === 'none'
            ? button(id('none'), t('prompt.noSoulstone'))
            : use === 'plus'
              ? button(id('plus'), t('prompt.soulstonePlus'), ButtonStyle.Primary)
              : button(id(use), t('prompt.soulstoneSuit', { suit: suitName(t, use) }), ButtonStyle.Primary, SUIT_EMOJI[use]),
        ),
      );
    case 'yield':
      return rows([button(id('fight'), t('prompt.fight'), ButtonStyle.Primary), button(id('yield'), t('prompt.yield'), ButtonStyle.Secondary)]);
    case 'redJokerSuit':
      return rows(decision.legal.map((s) => button(id(s), suitName(t, s), ButtonStyle.Primary, SUIT_EMOJI[s])));
    case 'trigger':
      return rows([
        ...decision.legal.slice(0, 14).map((name, i) => button(id(`t${i}`), name, ButtonStyle.Primary)),
        button(id('none'), t('prompt.noTrigger')),
      ]);
    case 'prevent':
      return rows([button(id('spend'), t('prompt.prevent'), ButtonStyle.Primary), button(id('decline'), t('prompt.keepSoulstone'))]);
    case 'reduce':
      return rows([button(id('spend'), t('prompt.reduce', { damage: decision.damage }), ButtonStyle.Primary), button(id('decline'), t('prompt.keepSoulstone'))]);
    default: {
      const unreachable: never = decision;
      return unreachable;
    }
  }
}

/**
 * A click's choice (from the custom id) or selected values → the engine command that answers the decision.
 * Custom ids name a trigger by its position (names may hold ':'); the engine reads everything else as is.
 */
export function answerFor(decision: PendingDecision, choice: string | undefined, values: readonly string[]): Command | Problem {
  const token =
    decision.kind === 'trigger' && choice?.startsWith('t')
      ? decision.legal[Number(choice.slice(1))]
      : decision.kind === 'trigger' && choice === 'none'
        ? NO_TRIGGER
        : decision.kind === 'cheat' && choice === 'no'
          ? DECLINE
          : choice;
  const answer = commandForChoice(decision, token ?? values);
  // The decision is the current one (checked by the caller); a value it does not offer is forged or garbled.
  return answer ?? { code: 'INVALID_CHOICE' };
}
