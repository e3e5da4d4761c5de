import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import vm from 'node:vm';

const RESOURCE = join(import.meta.dirname, '../../adapters/fivem/resource');

export interface Connection {
  source: number;
  /** every message the deferral showed */
  updates: string[];
  /** settles when the deferral is done: admitted, or refused with the reason */
  outcome: Promise<{ admitted: boolean; reason: string | null }>;
  /** done was called */
  finished(): boolean;
}

/** What the stand-in server keeps across a restart of the resource: its key-value store and its console. */
export interface FakeServerState {
  kvp: Map<string, string>;
  /** every console command run, in order */
  commands: string[];
  /** the players on the server: their sources */
  online: number[];
  /** every player's identifiers by source */
  identifiers: Map<number, string[]>;
}

export const newServerState = (): FakeServerState => ({
  kvp: new Map(),
  commands: [],
  online: [],
  identifiers: new Map(),
});

/**
 * What FXServer gives a server script, enough for the bayou-bridge resource: convars, player identifiers and
 * endpoints, the player count and the players by index, events with `source` (and local events to other
 * resources' handlers), deferrals that insist on a tick after defer, exports, the console (ExecuteCommand) and the
 * resource's key-value store. The resource's own bridge.js and server.js run in it unchanged.
 */
export class FakeFiveM {
  players = 0;
  readonly logs: string[] = [];
  /** requests to the site whose path holds this fail as a refused connection (a server going down mid-way) */
  cutRequestsTo: string | null = null;
  private readonly handlers = new Map<string, Array<(...args: unknown[]) => unknown>>();
  private readonly exported = new Map<string, (...args: unknown[]) => unknown>();
  private readonly connected = new Set<number>();
  private nextSource: number;
  private readonly sandbox: Record<string, unknown>;
  /** the resource's own Promise: FiveM tells an async answer by `instanceof Promise` in the resource's runtime */
  private readonly ResourcePromise: PromiseConstructor;

  constructor(
    private readonly convars: Record<string, string>,
    readonly state: FakeServerState = newServerState(),
  ) {
    // sources go on from those the server gave out before a restart
    this.nextSource = 65536 + state.identifiers.size;
    this.players = state.online.length;
    const realRequire = createRequire(import.meta.url);
    const cuttable = {
      ...http,
      request: (target: URL, options: http.RequestOptions, answer: (response: http.IncomingMessage) => void) => {
        if (this.cutRequestsTo && target.pathname.includes(this.cutRequestsTo)) {
          const refused = http.request('http://127.0.0.1:9/', { method: 'POST' });
          return refused;
        }
        return http.request(target, options, answer);
      },
    };
    this.sandbox = {
      console: { log: (message: unknown) => this.logs.push(String(message)) },
      setTimeout,
      clearTimeout,
      setInterval,
      clearInterval,
      URL,
      Buffer,
      require: (name: string) => (name === 'http' ? cuttable : realRequire(name)),
      GetCurrentResourceName: () => 'bayou-bridge',
      GetConvar: (name: string, fallback: string) => this.convars[name] ?? fallback,
      GetConvarInt: (name: string, fallback: number) =>
        this.convars[name] === undefined ? fallback : Number.parseInt(this.convars[name], 10),
      GetNumPlayerIndices: () => this.players,
      GetPlayerFromIndex: (index: number) => String(this.state.online[index] ?? -1),
      GetResourceKvpString: (key: string) => this.state.kvp.get(key) ?? null,
      SetResourceKvp: (key: string, value: string) => this.state.kvp.set(key, String(value)),
      DeleteResourceKvp: (key: string) => this.state.kvp.delete(key),
      ExecuteCommand: (command: string) => {
        this.state.commands.push(command);
      },
      // a local event: every resource's handler gets it (the test registers others' with onEvent)
      emit: (event: string, ...args: unknown[]) => {
        for (const handler of this.handlers.get(event) ?? []) handler(...args.map(packed));
      },
      GetNumPlayerIdentifiers: (source: number | string) => this.state.identifiers.get(Number(source))?.length ?? 0,
      GetPlayerIdentifier: (source: number | string, index: number) =>
        this.state.identifiers.get(Number(source))?.[index] ?? null,
      GetPlayerEndpoint: (source: number) => (this.connected.has(source) ? '127.0.0.1:50123' : null),
      on: (event: string, handler: (...args: unknown[]) => unknown) =>
        this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]),
      exports: (name: string, handler: (...args: unknown[]) => unknown) => this.exported.set(name, handler),
    };
    this.sandbox.global = this.sandbox;
    const context = vm.createContext(this.sandbox);
    for (const file of ['bridge.js', 'server.js'])
      vm.runInContext(readFileSync(join(RESOURCE, file), 'utf8'), context, { filename: file });
    this.ResourcePromise = vm.runInContext('Promise', context);
  }

  /** another resource's handler of a local event (AddEventHandler) */
  onEvent(event: string, handler: (...args: unknown[]) => unknown): void {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }

  /** the resource stops: its timers end (a restart is a new FakeFiveM given the same state) */
  stop(): void {
    for (const handler of this.handlers.get('onResourceStop') ?? []) handler('bayou-bridge');
  }

  private emit(event: string, source: number, ...args: unknown[]): void {
    for (const handler of this.handlers.get(event) ?? []) {
      this.sandbox.source = source;
      handler(...args);
    }
  }

  /** a player starts connecting with these identifiers (e.g. discord:123, license:abc) */
  connect(name: string, identifiers: string[]): Connection {
    const source = this.nextSource++;
    this.state.identifiers.set(source, identifiers);
    this.connected.add(source);
    const updates: string[] = [];
    let sameTick = false;
    let done = false;
    let settle: (value: { admitted: boolean; reason: string | null }) => void = () => {};
    const outcome = new Promise<{ admitted: boolean; reason: string | null }>((resolve) => {
      settle = resolve;
    });
    // FXServer ignores a deferral call made in the same tick as defer(): here it is a failure
    const notSameTick = () => {
      if (sameTick) throw new Error('a deferral was used in the same tick as defer()');
    };
    const deferrals = {
      defer: () => {
        sameTick = true;
        setTimeout(() => {
          sameTick = false;
        }, 0);
      },
      update: (message: string) => {
        notSameTick();
        if (!done) updates.push(message);
      },
      presentCard: () => {},
      done: (reason?: string) => {
        notSameTick();
        if (done) return;
        done = true;
        if (reason === undefined) {
          this.players++;
          this.state.online.push(source);
        }
        settle({ admitted: reason === undefined, reason: reason ?? null });
        if (reason === undefined) this.emit('playerJoining', source);
      },
    };
    this.emit('playerConnecting', source, name, () => {}, deferrals);
    return { source, updates, outcome, finished: () => done };
  }

  /** a player waiting in the queue closes the game */
  giveUp(connection: Connection): void {
    this.connected.delete(connection.source);
    this.emit('playerDropped', connection.source, 'Exiting');
  }

  /** a player on the server leaves: the one given, or the first who came */
  leave(source?: number): void {
    this.players--;
    const index = source === undefined ? 0 : this.state.online.indexOf(source);
    if (index >= 0) this.state.online.splice(index, 1);
  }

  /** a player on the server drops (their game crashed): off the server, and playerDropped */
  crash(source: number): void {
    this.leave(source);
    this.connected.delete(source);
    this.emit('playerDropped', source, 'Game crashed');
  }

  /** a player already on the server (counted and listed by index), for a resource that starts with players on */
  seat(identifiers: string[]): number {
    const source = this.nextSource++;
    this.state.identifiers.set(source, identifiers);
    this.connected.add(source);
    this.players++;
    this.state.online.push(source);
    return source;
  }

  /** a player who is on the server joins it (playerJoining), as after their deferral */
  joined(source: number): void {
    this.emit('playerJoining', source);
  }

  /**
   * Calls an export as a Lua resource does (`exports['bayou-bridge']:getTokens(discordId)`), across the boundary the
   * way FiveM's own scripting runtimes cross it (citizenfx/fivem, data/shared/citizen/scripting):
   * - the JavaScript side (v8/main.js, setCallRefFunction) answers a Promise with the table
   *   `{ __cfx_async_retval = fn }`: `fn(cb)` calls `cb({ value }, nil)` once it resolves, `cb(nil, message)` if it
   *   rejects; any other answer goes as it is, packed with msgpack;
   * - the Lua side (lua/scheduler.lua, the function reference's `__call`) meets that table inside a coroutine (a
   *   thread, an event handler, a command) with a promise it resolves from `cb` and `Citizen.Await`s, so the Lua
   *   caller gets the value itself, and a rejection is raised as a Lua error. Outside a coroutine (a file's top
   *   level) it hands the caller the table as it came.
   * The answer is what Lua holds: undefined for nil, fields that are nil left out.
   */
  async fromLua(name: string, args: unknown[], { inCoroutine = true } = {}): Promise<unknown> {
    const handler = this.exported.get(name);
    if (!handler) throw new Error(`No such export ${name} in resource bayou-bridge`);
    const answer = handler(...args.map(packed));
    if (!(answer instanceof this.ResourcePromise)) return packed(answer);
    const asyncAnswer = (cb: (values: unknown[] | null, error: string | null) => void) => {
      (answer as Promise<unknown>).then(
        (value) => cb([packed(value)], null),
        (error: unknown) => cb(null, error instanceof Error ? error.message : String(error)),
      );
    };
    if (!inCoroutine) return { __cfx_async_retval: asyncAnswer };
    return new Promise((resolve, reject) =>
      asyncAnswer((values, error) => {
        if (values) resolve(values[0]);
        else if (error) reject(new Error(error));
      }),
    );
  }

  call<T>(name: string, ...args: unknown[]): Promise<T> {
    const handler = this.exported.get(name);
    if (!handler) throw new Error(`no export ${name}`);
    return Promise.resolve(handler(...args) as T);
  }
}

/** A value as msgpack carries it between FiveM's runtimes: null and undefined are nil, and a nil field is no field. */
function packed(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.map(packed);
  if (typeof value === 'function') throw new Error('a function crosses as a function reference, not as a value');
  if (typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .map(([key, field]) => [key, packed(field)] as const)
      .filter(([, field]) => field !== undefined),
  );
}
