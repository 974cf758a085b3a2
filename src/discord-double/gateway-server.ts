/**
 * A Discord gateway (v10, JSON encoding, no compression) good enough for a real discord.js Client:
 * HELLO → IDENTIFY → READY (+ GUILD_CREATE), heartbeats, and dispatches such as INTERACTION_CREATE.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { apiBotUser, apiGuildCreate } from './api-shapes.js';
import type { Fixtures } from './fixtures.js';

export const HEARTBEAT_INTERVAL_MS = 41_250;

const Op = { Dispatch: 0, Heartbeat: 1, Identify: 2, Resume: 6, InvalidSession: 9, Hello: 10, HeartbeatAck: 11 } as const;

interface Session {
  ws: WebSocket;
  id: string;
  seq: number;
  ready: boolean;
}

export interface GatewayServerOptions {
  fixtures: Fixtures;
  botToken: string;
  /** ws://127.0.0.1:port/gateway, known once the HTTP server listens. */
  url: () => string;
}

export class GatewayServer {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly sessions = new Set<Session>();
  /** Every IDENTIFY received, for tests (intents, properties). */
  readonly identifies: Record<string, unknown>[] = [];

  constructor(private readonly options: GatewayServerOptions) {}

  /** Number of sessions that completed IDENTIFY and can receive dispatches. */
  get readySessions(): number {
    return [...this.sessions].filter((s) => s.ready).length;
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws));
  }

  /** Sends a dispatch (op 0) to every ready session; returns how many received it. */
  dispatch(event: string, data: unknown): number {
    let sent = 0;
    for (const session of this.sessions) {
      if (!session.ready) continue;
      this.send(session, { op: Op.Dispatch, t: event, s: ++session.seq, d: data });
      sent++;
    }
    return sent;
  }

  close(): void {
    for (const session of this.sessions) session.ws.terminate();
    this.sessions.clear();
    this.wss.close();
  }

  private accept(ws: WebSocket): void {
    const session: Session = { ws, id: randomUUID().replaceAll('-', ''), seq: 0, ready: false };
    this.sessions.add(session);
    ws.on('close', () => this.sessions.delete(session));
    ws.on('error', () => this.sessions.delete(session));
    ws.on('message', (raw) => this.receive(session, raw.toString()));
    this.send(session, { op: Op.Hello, d: { heartbeat_interval: HEARTBEAT_INTERVAL_MS, _trace: ['["fatekeeper-double",{"micros":0}]'] } });
  }

  private receive(session: Session, text: string): void {
    let packet: { op?: unknown; d?: unknown };
    try {
      packet = JSON.parse(text) as { op?: unknown; d?: unknown };
    } catch {
      session.ws.close(4002, 'Error while decoding payload.');
      return;
    }
    switch (packet.op) {
      case Op.Heartbeat:
        this.send(session, { op: Op.HeartbeatAck });
        return;
      case Op.Identify:
        this.identify(session, (packet.d ?? {}) as Record<string, unknown>);
        return;
      case Op.Resume:
        // Sessions are not kept across connections: ask the client to identify again, as Discord may.
        this.send(session, { op: Op.InvalidSession, d: false });
        return;
      default:
        if (!session.ready) session.ws.close(4003, 'Not authenticated.');
      // Presence updates, member requests… are accepted and ignored.
    }
  }

  private identify(session: Session, d: Record<string, unknown>): void {
    if (session.ready) return void session.ws.close(4005, 'Already authenticated.');
    const token = String(d.token ?? '').replace(/^Bot\s+/i, '');
    if (token !== this.options.botToken) return void session.ws.close(4004, 'Authentication failed.');
    this.identifies.push(d);
    session.ready = true;
    const { fixtures } = this.options;
    this.send(session, {
      op: Op.Dispatch,
      t: 'READY',
      s: ++session.seq,
      d: {
        v: 10,
        user: apiBotUser(fixtures),
        guilds: [{ id: fixtures.guild.id, unavailable: true }],
        session_id: session.id,
        resume_gateway_url: this.options.url(),
        shard: [0, 1],
        application: { id: fixtures.application.id, flags: 0 },
        user_settings: {},
        private_channels: [],
        relationships: [],
        presences: [],
        guild_join_requests: [],
        geo_ordered_rtc_regions: [],
        auth: {},
        _trace: ['["fatekeeper-double",{"micros":0}]'],
      },
    });
    this.send(session, { op: Op.Dispatch, t: 'GUILD_CREATE', s: ++session.seq, d: apiGuildCreate(fixtures) });
  }

  private send(session: Session, packet: unknown): void {
    if (session.ws.readyState === session.ws.OPEN) session.ws.send(JSON.stringify(packet));
  }
}
