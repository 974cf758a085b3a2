/** A system's message as the outbox sends it: posted anew, or as an edit that replaces an older one. */
import type { Message } from '../../systems/contract.js';
import type { OutgoingMessage } from '../contract.js';

/** Discord reads a file's alt text from the body's `attachments`, matched to the upload `files[n]` by id n. */
export function outgoing(message: Message): OutgoingMessage {
  if (!message.files?.length) return message as OutgoingMessage;
  const attachments = message.files.map((f, id) => ({ id, filename: f.name, ...(f.description ? { description: f.description.slice(0, 1024) } : {}) }));
  // Object.assign, not `{ ...message, attachments }`: V8 on Node 20 builds that literal through a slow path.
  return Object.assign({}, message, { attachments }) as OutgoingMessage;
}

/**
 * A message as an edit that replaces the whole of the old one: a field left out of an edit keeps its old
 * value, so an empty one is said empty; and `attachments` lists only the new uploads, so none of the old
 * pictures is kept and a picture is never shown twice.
 */
export function asEdit(message: Message): OutgoingMessage {
  const sent = outgoing(message);
  return { ...sent, content: sent.content ?? '', embeds: sent.embeds ?? [], components: sent.components ?? [], attachments: sent.attachments ?? [] } as OutgoingMessage;
}
