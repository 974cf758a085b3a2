/**
 * The life of an interaction as Discord runs it: a token that must be acknowledged once within 3 s,
 * the initial response (message, deferral, update, modal, autocomplete), then 15 minutes of follow-ups
 * and edits through the interaction webhook.
 */
import { EventEmitter } from 'node:events';
import { DiscordError, describeIssues, errors } from './errors.js';
import type { Fixtures } from './fixtures.js';
import type { UploadedFile } from './http-io.js';
import { validateCallback, validateMessage } from './validate.js';
import { FLAG_EPHEMERAL, type DoubleMessage, type DoubleStore, type InteractionMeta } from './store.js';
import type { ShownModal } from './modals.js';

export const RESPONSE_DEADLINE_MS = 3_000;
export const TOKEN_LIFETIME_MS = 15 * 60_000;
export const DID_NOT_RESPOND = 'The application did not respond';

export type InteractionStatus = 'pending' | 'responded' | 'failed';

export interface InteractionRecord {
  id: string;
  token: string;
  /** InteractionType: 2 application command, 3 message component, 5 modal submit. */
  type: number;
  userId: string;
  channelId: string;
  /** Command path ("game start"), the component's custom_id, or the submitted modal's custom_id. */
  name: string;
  /** For components (and modals opened from one): the message the component is on. */
  sourceMessageId: string | null;
  /** Exactly what was delivered to the bot. */
  payload: Record<string, unknown>;
  status: InteractionStatus;
  error: string | null;
  /** The initial response as received (`{type, data}`), inline or through the callback endpoint. */
  response: { type: number; data?: Record<string, unknown> } | null;
  /** What `@original` designates: the response message, or the component's message after type 6/7. */
  originalMessageId: string | null;
  followUpIds: string[];
  createdAt: number;
}

export interface InteractionBookOptions {
  fixtures: Fixtures;
  store: DoubleStore;
  timeoutMs?: number;
  now?: () => number;
}

interface Pending {
  settled: Promise<void>;
  settle: () => void;
  timer: NodeJS.Timeout;
}

export class InteractionBook {
  readonly events = new EventEmitter();
  private readonly records = new Map<string, InteractionRecord>();
  private readonly byToken = new Map<string, InteractionRecord>();
  private readonly pending = new Map<string, Pending>();
  /** user id → the last modal shown to them (Discord's client shows one at a time). */
  private readonly modals = new Map<string, ShownModal>();
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(private readonly options: InteractionBookOptions) {
    this.timeoutMs = options.timeoutMs ?? RESPONSE_DEADLINE_MS;
    this.now = options.now ?? Date.now;
  }

  all(): InteractionRecord[] {
    return [...this.records.values()];
  }

  get(id: string): InteractionRecord | undefined {
    return this.records.get(id);
  }

  /** Starts the 3-second clock; the record fails with "The application did not respond" when it runs out. */
  open(record: Omit<InteractionRecord, 'status' | 'error' | 'response' | 'originalMessageId' | 'followUpIds' | 'createdAt'>): InteractionRecord {
    const full: InteractionRecord = { ...record, status: 'pending', error: null, response: null, originalMessageId: null, followUpIds: [], createdAt: this.now() };
    this.records.set(full.id, full);
    this.byToken.set(full.token, full);
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const timer = setTimeout(() => this.fail(full, DID_NOT_RESPOND), this.timeoutMs);
    this.pending.set(full.id, { settled, settle, timer });
    this.events.emit('interaction', full);
    return full;
  }

  /** The last modal shown to a user, open or not. */
  lastModal(userId: string): ShownModal | undefined {
    return this.modals.get(userId);
  }

  /** Submitting or dismissing a modal closes it; it cannot be submitted again. */
  closeModal(userId: string): void {
    const modal = this.modals.get(userId);
    if (modal) modal.open = false;
  }

  /** Resolves once the interaction is answered or failed. */
  settled(record: InteractionRecord): Promise<void> {
    return this.pending.get(record.id)?.settled ?? Promise.resolve();
  }

  fail(record: InteractionRecord, reason: string): void {
    if (record.status !== 'pending') return;
    record.status = 'failed';
    record.error = reason;
    // Discord's client shows this to the invoker only, under the app's name.
    this.options.store.create({
      channelId: record.channelId,
      payload: { content: reason.startsWith(DID_NOT_RESPOND) ? DID_NOT_RESPOND : reason, flags: FLAG_EPHEMERAL },
      files: [],
      allowEphemeral: true,
      ephemeralFor: record.userId,
      notice: true,
      interaction: this.meta(record),
    });
    this.settle(record);
    this.events.emit('failed', record);
  }

  /** POST /interactions/{id}/{token}/callback. Returns the created/updated message, if any. */
  callback(id: string, token: string, body: unknown, files: UploadedFile[]): { record: InteractionRecord; message: DoubleMessage | null } {
    const record = this.records.get(id);
    if (!record || record.token !== token || record.status === 'failed') throw errors.unknownInteraction();
    if (record.status === 'responded') throw errors.alreadyAcknowledged();
    const response = validateCallback(body, record.type, files, record.sourceMessageId !== null);
    // No await between the status check and this point: a second callback always sees 'responded'.
    const message = this.apply(record, response, files);
    record.status = 'responded';
    record.response = response;
    this.settle(record);
    this.events.emit('responded', record);
    return { record, message };
  }

  /** An inline HTTP 200 answer is applied exactly like a callback; a bad one fails the interaction. */
  respondInline(record: InteractionRecord, body: unknown): void {
    try {
      this.callback(record.id, record.token, body, []);
    } catch (error) {
      if (error instanceof DiscordError) this.fail(record, `Invalid interaction response: ${describeIssues(error)}`);
      else throw error;
    }
  }

  /**
   * The interaction behind a webhook token, once its initial response is in. The HTTP transport may
   * start follow-ups right after writing its inline answer, before the double has read that answer:
   * wait for it rather than fail on a race Discord does not have.
   */
  async forWebhook(applicationId: string, token: string): Promise<InteractionRecord> {
    if (applicationId !== this.options.fixtures.application.id) throw errors.unknownWebhook();
    const record = this.byToken.get(token);
    if (!record) throw errors.invalidWebhookToken();
    if (record.status === 'pending') await this.settled(record);
    if (record.status !== 'responded' || this.now() - record.createdAt > TOKEN_LIFETIME_MS) throw errors.invalidWebhookToken();
    return record;
  }

  /** POST /webhooks/{app}/{token}: the first follow-up after a deferral fills the "thinking…" message. */
  followUp(record: InteractionRecord, body: unknown, files: UploadedFile[]): DoubleMessage {
    const payload = validateMessage(body, { create: true, files });
    const { store } = this.options;
    const original = record.originalMessageId ? store.message(record.originalMessageId) : undefined;
    if (record.response?.type === 5 && original?.loading) return store.edit(original.id, { ...payload, flags: null }, files);
    const message = store.create({
      channelId: record.channelId,
      payload,
      files,
      allowEphemeral: true,
      ephemeralFor: record.userId,
      interaction: { ...this.meta(record), ...(record.originalMessageId ? { originalResponseMessageId: record.originalMessageId } : {}) },
      webhookId: this.options.fixtures.application.id,
    });
    record.followUpIds.push(message.id);
    return message;
  }

  /** `@original` or one of this interaction's follow-ups; anything else is Unknown Message. */
  webhookMessage(record: InteractionRecord, messageId: string): DoubleMessage {
    const id = messageId === '@original' ? record.originalMessageId : messageId;
    const mine = id !== null && (id === record.originalMessageId || record.followUpIds.includes(id));
    const message = mine ? this.options.store.message(id) : undefined;
    if (!message) throw errors.unknownMessage();
    return message;
  }

  editWebhookMessage(record: InteractionRecord, messageId: string, body: unknown, files: UploadedFile[]): DoubleMessage {
    const message = this.webhookMessage(record, messageId);
    const payload = validateMessage(body, { create: false, files });
    return this.options.store.edit(message.id, payload, files);
  }

  close(): void {
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
  }

  private settle(record: InteractionRecord): void {
    const p = this.pending.get(record.id);
    if (!p) return;
    clearTimeout(p.timer);
    p.settle();
  }

  private meta(record: InteractionRecord): InteractionMeta {
    return {
      id: record.id,
      type: record.type,
      name: record.type === 2 ? record.name : null,
      userId: record.userId,
      ...(record.sourceMessageId ? { interactedMessageId: record.sourceMessageId } : {}),
    };
  }

  private apply(record: InteractionRecord, response: { type: number; data?: Record<string, unknown> }, files: UploadedFile[]): DoubleMessage | null {
    const { store, fixtures } = this.options;
    const data = response.data ?? {};
    const common = {
      channelId: record.channelId,
      allowEphemeral: true,
      ephemeralFor: record.userId,
      interaction: this.meta(record),
      webhookId: fixtures.application.id,
      // Discord types a slash command's reply CHAT_INPUT_COMMAND (20); other responses are plain.
      type: record.type === 2 ? 20 : 0,
    };
    switch (response.type) {
      case 4: {
        const message = store.create({ ...common, payload: data, files });
        record.originalMessageId = message.id;
        return message;
      }
      case 5: {
        const flags = typeof data.flags === 'number' ? data.flags & FLAG_EPHEMERAL : 0;
        const message = store.create({ ...common, payload: { flags }, files: [], loading: true });
        record.originalMessageId = message.id;
        return message;
      }
      case 6:
        record.originalMessageId = record.sourceMessageId;
        return record.sourceMessageId ? (store.message(record.sourceMessageId) ?? null) : null;
      case 7: {
        record.originalMessageId = record.sourceMessageId;
        if (!record.sourceMessageId || !store.message(record.sourceMessageId)) return null;
        return store.edit(record.sourceMessageId, data, files);
      }
      default:
        // 8 (autocomplete choices) and 9 (modal) change no message; they stay readable on `response`.
        if (response.type === 9) {
          this.modals.set(record.userId, {
            interactionId: record.id,
            userId: record.userId,
            channelId: record.channelId,
            sourceMessageId: record.sourceMessageId,
            customId: String(data.custom_id),
            title: String(data.title),
            components: structuredClone(data.components as Record<string, unknown>[]),
            open: true,
          });
          this.events.emit('modal', record);
        }
        return null;
    }
  }
}
