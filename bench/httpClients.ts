/**
 * The load generator's two HTTP clients (bench/loadgen.ts says why there are two): each is one keep-alive
 * connection sending one request at a time.
 */
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { SignedRequest } from './interactions.js';

export type HttpClientKind = 'raw' | 'node';

export interface Response {
  status: number;
  body: string;
}

/** One connection's way of sending a request and reading its response. */
export interface Connection {
  post(signed: Prepared): Promise<Response>;
  close(): void;
}

/** A signed request, and its bytes on the wire for the raw client. */
export interface Prepared {
  signed: SignedRequest;
  bytes?: Buffer;
}

/** node:http's client: one keep-alive Agent socket per connection. */
export class NodeHttpConnection implements Connection {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1, maxFreeSockets: 1 });

  constructor(private readonly url: URL) {}

  post({ signed }: Prepared): Promise<Response> {
    const url = this.url;
    return new Promise((resolve, reject) => {
      const req = request(
        { agent: this.agent, hostname: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: signed.headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(signed.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/**
 * Keep-alive HTTP/1.1 over a bare socket: one request at a time, its bytes written at once, the response
 * read as far as the status line, Content-Length and body (both servers always send a Content-Length).
 * A broken connection fails its request and is opened again for the next.
 */
export class RawConnection implements Connection {
  private socket: Socket | undefined;
  private pending: Buffer | null = null;
  private waiting: { resolve(response: Response): void; reject(error: Error): void } | undefined;

  constructor(private readonly url: URL) {}

  static bytes(url: URL, signed: SignedRequest): Buffer {
    const headers = Object.entries(signed.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    return Buffer.concat([Buffer.from(`POST ${url.pathname} HTTP/1.1\r\nhost: ${url.host}\r\n${headers}\r\n`, 'latin1'), signed.body]);
  }

  async post({ signed, bytes }: Prepared): Promise<Response> {
    const socket = this.socket ?? (await this.open());
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      socket.write(bytes ?? RawConnection.bytes(this.url, signed));
    });
  }

  /** Connects now (before the clock starts) rather than with the first request. */
  async open(): Promise<Socket> {
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect(Number(this.url.port), this.url.hostname, () => resolve(s));
      s.once('error', reject);
    });
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    socket.on('error', (error) => this.broken(socket, error));
    socket.on('close', () => this.broken(socket, new Error('the server closed the connection')));
    this.socket = socket;
    this.pending = null;
    return socket;
  }

  close(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }

  private read(chunk: Buffer): void {
    const data = this.pending === null ? chunk : Buffer.concat([this.pending, chunk]);
    this.pending = data;
    const headerEnd = data.indexOf('\r\n\r\n');
    if (headerEnd < 0) return;
    const head = data.toString('latin1', 0, headerEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (length === null) return this.broken(this.socket, new Error(`a response without Content-Length: ${head.slice(0, 60)}`));
    const end = headerEnd + 4 + Number(length[1]);
    if (data.length < end) return;
    this.pending = data.length > end ? data.subarray(end) : null;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve({ status: Number(head.slice(9, 12)), body: data.toString('utf8', headerEnd + 4, end) });
  }

  private broken(socket: Socket | undefined, error: Error): void {
    if (socket !== this.socket) return;
    this.close();
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }
}
