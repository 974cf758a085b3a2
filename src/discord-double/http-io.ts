/** Small node:http helpers shared by the double's REST API and sandbox API. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DiscordError, errors } from './errors.js';

/** Discord's request size ceiling. */
export const MAX_REQUEST_BYTES = 25 * 1024 * 1024;

export interface UploadedFile {
  /** Form field name, e.g. `files[0]`. */
  key: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface ParsedBody {
  /** The JSON body, or `payload_json` (plus any plain form fields) of a multipart body; undefined if none. */
  json: unknown;
  files: UploadedFile[];
}

export function readRaw(req: IncomingMessage, limit = MAX_REQUEST_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.destroy();
        reject(errors.tooLarge());
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** JSON or multipart/form-data (as @discordjs/rest sends files: `files[n]` parts + `payload_json`). */
export async function parseBody(raw: Buffer, contentType: string | undefined): Promise<ParsedBody> {
  const type = (contentType ?? '').toLowerCase();
  if (raw.length === 0) return { json: undefined, files: [] };
  if (type.startsWith('multipart/form-data')) {
    // undici (Node's fetch) ships a spec-compliant multipart parser behind Response#formData.
    const form = await new Response(Uint8Array.from(raw), { headers: { 'content-type': contentType ?? '' } }).formData().catch(() => {
      throw new DiscordError(400, 50109, 'The request body contains invalid multipart data.');
    });
    const entries: [string, FormDataEntryValue][] = [];
    form.forEach((value, key) => entries.push([key, value]));
    const files: UploadedFile[] = [];
    let json: Record<string, unknown> | undefined;
    for (const [key, value] of entries) {
      if (typeof value === 'string') {
        if (key === 'payload_json') json = { ...json, ...(parseJson(value) as Record<string, unknown>) };
        else json = { ...json, [key]: value };
      } else {
        files.push({ key, filename: value.name, contentType: value.type || 'application/octet-stream', data: Buffer.from(await value.arrayBuffer()) });
      }
    }
    return { json, files };
  }
  return { json: parseJson(raw.toString('utf8')), files: [] };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new DiscordError(400, 50109, 'The request body contains invalid JSON.');
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** 204 with NO content-type: @discordjs/rest tries to parse an empty body as JSON otherwise. */
export function sendNoContent(res: ServerResponse): void {
  res.writeHead(204);
  res.end();
}

export function sendError(res: ServerResponse, error: DiscordError): void {
  sendJson(res, error.status, error.toJSON());
}
