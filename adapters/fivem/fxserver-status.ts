import type { ServerStatus, ServerStatusSource } from '../../core/game/model/server-status.ts';
import type { Logger } from '../logger.ts';

export interface FxServerStatusOptions {
  /** the FXServer's HTTP address, e.g. http://127.0.0.1:30120 */
  url: string;
  pollMs: number;
  /** one check's limit */
  timeoutMs?: number;
  logger: Logger;
  now?: () => Date;
  /** counts each check and answers the uptime over the last 30 days (core's RecordServerCheck) */
  recordCheck?: (online: boolean) => Promise<number | null>;
}

const number = (value: unknown): number | null => {
  const parsed = typeof value === 'string' ? Number.parseInt(value, 10) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) && parsed >= 0 ? parsed : null;
};
/** FXServer host names carry ^0-^9 colour codes */
const plainName = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.replace(/\^\d/g, '').trim().slice(0, 120) : null;

/**
 * Reads the game server's public `dynamic.json` (players, slots, host name) and `info.json` (its variables)
 * every `pollMs`, each with a short timeout, and caches the response in memory: players' requests read the last
 * answer and never wait for the game server. Each check is counted (`recordCheck`), and the uptime it answers is held
 * beside the status.
 */
export class FxServerStatus implements ServerStatusSource {
  private status: ServerStatus = {
    configured: true,
    online: false,
    players: null,
    maxPlayers: null,
    hostname: null,
    updatedAt: null,
    uptime: null,
  };
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private wasOnline: boolean | null = null;

  constructor(private readonly options: FxServerStatusOptions) {}

  current(): ServerStatus {
    return this.status;
  }

  start(): void {
    if (this.timer) return;
    void this.check();
    this.timer = setInterval(() => void this.check(), this.options.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** one check; a check still running is not doubled */
  check(): Promise<void> {
    this.running ??= this.read().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async read(): Promise<void> {
    await this.look();
    const { recordCheck } = this.options;
    if (!recordCheck) return;
    try {
      const uptime = await recordCheck(this.status.online);
      this.status = { ...this.status, uptime };
    } catch (error) {
      // the status stays current; only its uptime waits for the next check that can be counted
      this.options.logger.warn({ err: error }, 'the game server check could not be counted for its uptime');
    }
  }

  private async look(): Promise<void> {
    const base = this.options.url.replace(/\/$/, '');
    const now = () => this.options.now?.() ?? new Date();
    try {
      const [dynamic, info] = await Promise.all([this.json(`${base}/dynamic.json`), this.json(`${base}/info.json`)]);
      const vars = (info.vars ?? {}) as Record<string, unknown>;
      this.status = {
        configured: true,
        online: true,
        players: number(dynamic.clients) ?? 0,
        maxPlayers: number(dynamic.sv_maxclients) ?? number(vars.sv_maxClients),
        hostname: plainName(dynamic.hostname) ?? plainName(vars.sv_projectName) ?? plainName(vars.sv_hostname),
        updatedAt: now(),
        uptime: this.status.uptime,
      };
      if (this.wasOnline === false) this.options.logger.info('the game server answers again');
      this.wasOnline = true;
    } catch (error) {
      // the last figures are stored for the record, but the server shows as offline
      this.status = { ...this.status, online: false, players: null, updatedAt: now() };
      if (this.wasOnline !== false)
        this.options.logger.warn({ err: error, url: base }, 'the game server does not answer its status');
      this.wasOnline = false;
    }
  }

  private async json(url: string): Promise<Record<string, unknown>> {
    const response = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 2_000) });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const body: unknown = await response.json();
    if (!body || typeof body !== 'object') throw new Error(`${url} did not answer a JSON object`);
    return body as Record<string, unknown>;
  }
}
