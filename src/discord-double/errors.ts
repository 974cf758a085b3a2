/**
 * Discord-shaped REST errors. The bot's @discordjs/rest turns these into DiscordAPIError with the same
 * `code`, so code that handles real Discord errors (50007, 40060, 50035…) is exercised by the double.
 */
export interface FormIssue {
  path: (string | number)[];
  code: string;
  message: string;
}

export class DiscordError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: unknown,
  ) {
    super(message);
  }

  toJSON(): Record<string, unknown> {
    return this.errors === undefined ? { message: this.message, code: this.code } : { message: this.message, code: this.code, errors: this.errors };
  }
}

/** `{ message: 'Invalid Form Body', code: 50035, errors: { content: { _errors: [...] } } }`, like Discord. */
export function invalidFormBody(issues: FormIssue[]): DiscordError {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    let node = errors;
    for (const key of issue.path) {
      const k = String(key);
      node[k] ??= {};
      node = node[k] as Record<string, unknown>;
    }
    ((node._errors ??= []) as unknown[]).push({ code: issue.code, message: issue.message });
  }
  return new DiscordError(400, 50035, 'Invalid Form Body', errors);
}

/** One line per issue, for failure messages shown in tests and the sandbox. */
export function describeIssues(error: DiscordError): string {
  const lines: string[] = [];
  const walk = (node: unknown, path: string[]): void => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '_errors' && Array.isArray(value)) {
        for (const e of value as { message: string }[]) lines.push(`${path.join('.') || '(body)'}: ${e.message}`);
      } else walk(value, [...path, key]);
    }
  };
  walk(error.errors, []);
  return lines.length > 0 ? `${error.message} (${lines.join('; ')})` : error.message;
}

export const errors = {
  unauthorized: () => new DiscordError(401, 0, '401: Unauthorized'),
  notFound: () => new DiscordError(404, 0, '404: Not Found'),
  methodNotAllowed: () => new DiscordError(405, 0, '405: Method Not Allowed'),
  unknownChannel: () => new DiscordError(404, 10003, 'Unknown Channel'),
  unknownMessage: () => new DiscordError(404, 10008, 'Unknown Message'),
  unknownUser: () => new DiscordError(404, 10013, 'Unknown User'),
  unknownWebhook: () => new DiscordError(404, 10015, 'Unknown Webhook'),
  unknownApplication: () => new DiscordError(404, 10002, 'Unknown Application'),
  unknownGuild: () => new DiscordError(404, 10004, 'Unknown Guild'),
  unknownInteraction: () => new DiscordError(404, 10062, 'Unknown interaction'),
  alreadyAcknowledged: () => new DiscordError(400, 40060, 'Interaction has already been acknowledged.'),
  invalidWebhookToken: () => new DiscordError(401, 50027, 'Invalid Webhook Token'),
  cannotSendToUser: () => new DiscordError(403, 50007, 'Cannot send messages to this user'),
  emptyMessage: () => new DiscordError(400, 50006, 'Cannot send an empty message'),
  cannotEditOtherUser: () => new DiscordError(403, 50005, 'Cannot edit a message authored by another user'),
  tooLarge: () => new DiscordError(413, 40005, 'Request entity too large'),
  badRequest: (message: string) => new DiscordError(400, 50109, message),
  missingPermissions: () => new DiscordError(403, 50013, 'Missing Permissions'),
  wrongChannelType: () => new DiscordError(400, 50024, 'Cannot execute action on this channel type'),
};
