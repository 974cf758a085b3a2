/** Builders for the initial interaction response, so handlers say what they mean ("an ephemeral error"). */
import { InteractionResponseType, MessageFlags, type APIAllowedMentions, type APIInteractionResponseCallbackData } from 'discord-api-types/v10';
import type { InitialReply, OutgoingFile } from './contract.js';
import type { RuleError } from '../systems/contract.js';
import { hasMessage, type Translate } from '../i18n/index.js';

export type ReplyMessage = APIInteractionResponseCallbackData;

export interface Problem {
  code: string;
  rule?: string;
  params?: Record<string, string | number>;
}

const NO_MENTIONS: APIAllowedMentions = { parse: [] };

export function reply(data: ReplyMessage, options: { files?: OutgoingFile[]; after?: () => Promise<void> } = {}): InitialReply {
  return {
    response: { type: InteractionResponseType.ChannelMessageWithSource, data: { allowed_mentions: NO_MENTIONS, ...data } },
    ...(options.files ? { files: options.files } : {}),
    ...(options.after ? { after: options.after } : {}),
  };
}

export function ephemeral(data: ReplyMessage | string, after?: () => Promise<void>): InitialReply {
  const body = typeof data === 'string' ? { content: data } : data;
  return reply({ ...body, flags: MessageFlags.Ephemeral }, after ? { after } : {});
}

export function update(data: ReplyMessage, options: { files?: OutgoingFile[]; after?: () => Promise<void> } = {}): InitialReply {
  return {
    response: { type: InteractionResponseType.UpdateMessage, data: { allowed_mentions: NO_MENTIONS, ...data } },
    ...(options.files ? { files: options.files } : {}),
    ...(options.after ? { after: options.after } : {}),
  };
}

/** "Thinking…" — for work that may outlive Discord's 3-second window; the answer follows through the webhook. */
export function deferred(isEphemeral: boolean, after: () => Promise<void>): InitialReply {
  return {
    response: {
      type: InteractionResponseType.DeferredChannelMessageWithSource,
      ...(isEphemeral ? { data: { flags: MessageFlags.Ephemeral } } : {}),
    },
    after,
  };
}

/**
 * The one place a problem becomes words: localized text, then, for a referee who wants to look it up, the
 * rule it comes from as a small last line (Discord's subtext), never inside the sentence players read.
 */
/** At most this many of a refusal's parts are listed (a message holds 2,000 characters). */
const MAX_DETAILS = 8;

export function describeProblem(t: Translate, problem: Problem): string {
  const key = `error.${problem.code}`;
  const text = hasMessage(key) ? t(key, problem.params) : t('error.UNKNOWN', { code: problem.code });
  // Only a system's refusal has parts; the app's own problems never do.
  const details = (problem as RuleError).details ?? [];
  const parts = details.slice(0, MAX_DETAILS).map((d) => {
    const part = `${key}.${d.code}`;
    return `• ${hasMessage(part) ? t(part, d.params) : t('error.UNKNOWN', { code: d.code })}`;
  });
  if (details.length > MAX_DETAILS) parts.push(t('error.moreDetails', { count: details.length - MAX_DETAILS }));
  const body = [text, ...parts].join('\n');
  return problem.rule ? `${body}\n-# ${t('why.rule', { count: 1, rules: problem.rule })}` : body;
}

export function problemReply(t: Translate, problem: Problem): InitialReply {
  return ephemeral({ content: `⚠️ ${describeProblem(t, problem)}` });
}
