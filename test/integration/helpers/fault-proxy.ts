/**
 * A loopback TCP proxy that misbehaves on purpose, put in front of the git HTTP server, the REST
 * stand-in or the artifact stand-in to see that every effect gives up in time with a clear line.
 *
 *   await using proxy = await FaultProxy.start(new URL(server.origin));
 *   proxy.fault = { kind: 'stall' };        // accept, read, never answer
 *   proxy.url                               // http://127.0.0.1:PORT
 *
 * Faults: `latency` (each chunk both ways held `ms`), `stall` (the connection is accepted and read,
 * nothing is forwarded, nothing answered), `reset` (a TCP reset on the first bytes), `hang-after-request`
 * (the request reaches the server, its answer never comes back), `trickle` (the answer comes back
 * one byte per `ms`).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export type Fault =
  | { readonly kind: 'none' }
  | { readonly kind: 'latency'; readonly ms: number }
  | { readonly kind: 'stall' }
  | { readonly kind: 'reset' }
  | { readonly kind: 'hang-after-request' }
  | { readonly kind: 'trickle'; readonly ms: number };

export const FAULTS: readonly Fault[] = [
  { kind: 'latency', ms: 50 },
  { kind: 'stall' },
  { kind: 'reset' },
  { kind: 'hang-after-request' },
  { kind: 'trickle', ms: 200 },
];

export class FaultProxy {
  fault: Fault = { kind: 'none' };
  /** Connections accepted so far, whatever became of them. */
  connections = 0;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(target: URL): Promise<FaultProxy> {
    const port = Number(target.port);
    const host = target.hostname;
    const holder: { proxy?: FaultProxy } = {};
    const server = createServer((client) => holder.proxy?.handle(client, host, port));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    holder.proxy = new FaultProxy(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return holder.proxy;
  }

  /** `target`'s URL with its origin replaced by the proxy's (keeps the path). */
  via(target: string): string {
    const u = new URL(target);
    return `${this.url}${u.pathname}${u.search}`;
  }

  private later(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  private handle(client: Socket, host: string, port: number): void {
    this.connections++;
    this.sockets.add(client);
    client.on('close', () => this.sockets.delete(client));
    client.on('error', () => {});
    const fault = this.fault;
    if (fault.kind === 'stall') {
      client.on('data', () => {});
      return;
    }
    if (fault.kind === 'reset') {
      client.once('data', () => client.resetAndDestroy());
      return;
    }
    const upstream = connect(port, host);
    this.sockets.add(upstream);
    upstream.on('close', () => {
      this.sockets.delete(upstream);
      if (fault.kind !== 'hang-after-request') client.end();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.on('data', (chunk: Buffer) => {
      if (fault.kind === 'latency') this.later(fault.ms, () => upstream.write(chunk));
      else upstream.write(chunk);
    });
    const queue: Buffer[] = [];
    let dripping = false;
    const drip = () => {
      const next = queue[0];
      if (!next || client.destroyed) {
        dripping = false;
        return;
      }
      client.write(next.subarray(0, 1));
      if (next.length > 1) queue[0] = next.subarray(1);
      else queue.shift();
      this.later(fault.kind === 'trickle' ? fault.ms : 0, drip);
    };
    upstream.on('data', (chunk: Buffer) => {
      if (fault.kind === 'hang-after-request') return;
      if (fault.kind === 'latency') this.later(fault.ms, () => client.write(chunk));
      else if (fault.kind === 'trickle') {
        queue.push(chunk);
        if (!dripping) {
          dripping = true;
          drip();
        }
      } else client.write(chunk);
    });
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }
}
