import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler, PGLiteSocketServer, type PGLiteSocketHandlerOptions } from '@electric-sql/pglite-socket';

/**
 * A password-checking front for PGlite on the Postgres wire protocol.
 *
 * pglite-socket has no authentication of its own, and PGlite answers AuthenticationOk to any startup, so anyone
 * who can reach the port is in. This server takes each connection through the startup and a password exchange
 * itself, and only then hands the socket to pglite-socket's handler with the startup message replayed, so that
 * PGlite answers it (AuthenticationOk, ParameterStatus, ReadyForQuery) as it did before.
 *
 * The exchange is SCRAM-SHA-256 (RFC 5802/7677, as Postgres does it) rather than MD5: the password never crosses
 * the socket, not even as a password-equivalent hash (MD5's md5(password + user) is one), and the client checks
 * the server's signature, so a process that took over the port cannot pass for the database and collect queries.
 */
export interface AuthenticatingServer {
  /** host:port */
  address: string;
  close(): Promise<void>;
}

export interface AuthenticatingServerOptions {
  db: PGlite;
  password: string;
  host?: string;
  /** sockets at once, handshaking or served; more are refused (as pglite-socket's maxConnections) */
  maxConnections: number;
  /** how long a client may take to authenticate */
  handshakeTimeoutMs?: number;
  /**
   * The only clients served, by the application_name of their startup; others are refused after authenticating,
   * with `refusal` as the error. Every connection shares PGlite's one backend, so a client's session state (a
   * search_path, a role, a time zone) would become the site's.
   */
  onlyApplication?: { name: string; refusal: string };
}

const PROTOCOL_3_0 = 196_608;
const SSL_REQUEST_CODE = 80_877_103;
const GSSENC_REQUEST_CODE = 80_877_104;
const CANCEL_REQUEST_CODE = 80_877_102;
/** Postgres's own limit on a startup packet */
const MAX_STARTUP_LENGTH = 10_000;
/** far above what a SCRAM message needs */
const MAX_AUTH_MESSAGE_LENGTH = 4_096;
/** Postgres's default scram_iterations */
const SCRAM_ITERATIONS = 4_096;
const MECHANISM = 'SCRAM-SHA-256';

const AUTH_SASL = 10;
const AUTH_SASL_CONTINUE = 11;
const AUTH_SASL_FINAL = 12;

export async function serveWithPassword(options: AuthenticatingServerOptions): Promise<AuthenticatingServer> {
  const { db, maxConnections } = options;
  const keys = scramKeys(options.password);
  const queryQueue = sharedQueryQueue(db);
  const handshaking = new Set<Socket>();
  const handlers = new Set<PGLiteSocketHandler>();
  let closing = false;

  /** Synchronous up to the handler's listeners being on the socket, so no event falls between the two. */
  const handOver = (socket: Socket, { startup, reader }: Authenticated) => {
    const handler = new PGLiteSocketHandler({ queryQueue, closeOnDetach: true });
    handlers.add(handler);
    const forget = () => handlers.delete(handler);
    handler.addEventListener('close', forget);
    handler.addEventListener('error', forget);
    // PGlite sees the startup first, then whatever the client sent after its password
    socket.unshift(Buffer.concat([startup, reader.release()]));
    handler.attach(socket).catch(() => socket.destroy());
    socket.resume();
  };

  const server: Server = createServer((socket) => {
    if (closing) {
      socket.destroy();
      return;
    }
    // until handed over or closed (a refused one lingers briefly while its error goes out)
    handshaking.add(socket);
    socket.once('close', () => handshaking.delete(socket));
    authenticate(socket, keys, options.handshakeTimeoutMs ?? 10_000, options.onlyApplication)
      .then((authenticated) => {
        if (!authenticated) return;
        handshaking.delete(socket);
        if (closing || socket.destroyed) {
          authenticated.reader.release();
          socket.destroy();
          return;
        }
        handOver(socket, authenticated);
      })
      .catch(() => socket.destroy());
  });
  // counts every socket, authenticated or not, as pglite-socket does with the same setting
  server.maxConnections = maxConnections;

  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(0, options.host ?? '127.0.0.1', () => {
      server.off('error', failed);
      listening();
    });
  });
  server.on('error', () => undefined); // after listening, a failed accept costs that one connection only
  const bound = server.address();
  if (!bound || typeof bound !== 'object') throw new Error('The embedded database socket has no address');

  return {
    address: `${bound.address}:${bound.port}`,
    close: async () => {
      closing = true;
      const closed = new Promise<void>((done) => server.close(() => done()));
      for (const socket of handshaking) socket.destroy();
      handshaking.clear();
      // detaching rolls back a transaction a connection left open, then closes its socket
      await Promise.allSettled([...handlers].map((handler) => handler.detach(true)));
      handlers.clear();
      await closed;
    },
  };
}

/**
 * The one queue all connections share, so PGlite runs one message at a time and keeps a transaction's
 * statements together. pglite-socket 0.2.17 does not export its QueryQueueManager; an unstarted
 * PGLiteSocketServer (which opens no socket) builds one in its private `queryQueue` field, read here.
 */
function sharedQueryQueue(db: PGlite): PGLiteSocketHandlerOptions['queryQueue'] {
  const unstarted = new PGLiteSocketServer({ db }) as unknown as {
    queryQueue?: PGLiteSocketHandlerOptions['queryQueue'];
  };
  const queue = unstarted.queryQueue;
  if (!queue || typeof queue.enqueue !== 'function') {
    throw new Error(
      '@electric-sql/pglite-socket no longer keeps a queryQueue on its server: check the embedded database front',
    );
  }
  return queue;
}

interface ScramKeys {
  salt: Buffer;
  storedKey: Buffer;
  serverKey: Buffer;
}

/** Derived once per start: the salt is fresh each time, and the client derives its side from it and the password. */
function scramKeys(password: string): ScramKeys {
  // SASLprep leaves the generated passwords (base64url) as they are
  const salt = randomBytes(16);
  const saltedPassword = pbkdf2Sync(password, salt, SCRAM_ITERATIONS, 32, 'sha256');
  const clientKey = hmac(saltedPassword, 'Client Key');
  return { salt, storedKey: sha256(clientKey), serverKey: hmac(saltedPassword, 'Server Key') };
}

class Refused extends Error {
  constructor(
    readonly sqlState: string,
    message: string,
  ) {
    super(message);
  }
}

interface Authenticated {
  /** the client's StartupMessage, to replay to PGlite */
  startup: Buffer;
  /** still attached (the socket is paused): what it read past the last password message goes to PGlite too */
  reader: SocketReader;
}

/**
 * Runs one connection's startup and SCRAM exchange. Resolves once the client has proved it knows the
 * password, or with undefined when the connection was answered and closed here (refused, or a cancel request).
 */
async function authenticate(
  socket: Socket,
  keys: ScramKeys,
  timeoutMs: number,
  onlyApplication: AuthenticatingServerOptions['onlyApplication'],
): Promise<Authenticated | undefined> {
  const reader = new SocketReader(socket);
  // a deadline for the whole exchange, not an idle timeout a byte now and then would keep resetting
  const deadline = setTimeout(() => socket.destroy(), timeoutMs).unref();
  let user = '';
  let application = '';
  try {
    let startup: Buffer | undefined;
    for (let negotiations = 0; !startup; negotiations++) {
      const length = (await reader.take(4)).readInt32BE(0);
      if (length < 8 || length > MAX_STARTUP_LENGTH) throw new Refused('08P01', 'invalid length of startup packet');
      const body = await reader.take(length - 4);
      const code = body.readInt32BE(0);
      if ((code === SSL_REQUEST_CODE || code === GSSENC_REQUEST_CODE) && negotiations < 2) {
        socket.write('N'); // no TLS or GSS encryption on loopback; the client goes on in the clear
      } else if (code === CANCEL_REQUEST_CODE) {
        // PGlite cannot interrupt a running statement (pglite-socket ignored these too); Postgres closes the
        // connection that carried a cancel request without an answer, and so does this
        clearTimeout(deadline);
        reader.release();
        socket.end();
        return undefined;
      } else if (code === PROTOCOL_3_0) {
        const header = Buffer.alloc(4);
        header.writeInt32BE(length, 0);
        startup = Buffer.concat([header, body]);
        const parameters = startupParameters(body.subarray(4));
        user = parameters.get('user') ?? '';
        application = parameters.get('application_name') ?? '';
      } else {
        throw new Refused('0A000', 'unsupported frontend protocol');
      }
    }

    socket.write(authentication(AUTH_SASL, Buffer.from(`${MECHANISM}\0\0`)));
    const initial = await readPasswordMessage(reader);
    const mechanismEnd = initial.indexOf(0);
    if (mechanismEnd < 0 || initial.toString('utf8', 0, mechanismEnd) !== MECHANISM) throw authenticationFailed(user);
    const declared = initial.length >= mechanismEnd + 5 ? initial.readInt32BE(mechanismEnd + 1) : -1;
    if (declared !== initial.length - (mechanismEnd + 5)) throw authenticationFailed(user);
    const clientFirst = initial.subarray(mechanismEnd + 5).toString('utf8');

    // gs2 header: "n,," (client has no channel binding) or "y,," (it has, but this server offers none)
    const gs2 = /^([ny]),,/.exec(clientFirst);
    if (!gs2) throw authenticationFailed(user);
    const clientFirstBare = clientFirst.slice(gs2[0].length);
    const clientNonce = attribute(clientFirstBare, 'r');
    if (!clientNonce || !/^[\x21-\x2b\x2d-\x7e]+$/.test(clientNonce)) throw authenticationFailed(user);

    const nonce = clientNonce + randomBytes(18).toString('base64');
    const serverFirst = `r=${nonce},s=${keys.salt.toString('base64')},i=${SCRAM_ITERATIONS}`;
    socket.write(authentication(AUTH_SASL_CONTINUE, Buffer.from(serverFirst)));

    const clientFinal = (await readPasswordMessage(reader)).toString('utf8');
    const proofAt = clientFinal.lastIndexOf(',p=');
    if (proofAt < 0) throw authenticationFailed(user);
    const clientFinalWithoutProof = clientFinal.slice(0, proofAt);
    const proof = Buffer.from(clientFinal.slice(proofAt + 3), 'base64');
    const channelBinding = attribute(clientFinalWithoutProof, 'c');
    if (
      channelBinding !== Buffer.from(gs2[0]).toString('base64') ||
      attribute(clientFinalWithoutProof, 'r') !== nonce
    ) {
      throw authenticationFailed(user);
    }

    const authMessage = `${clientFirstBare},${serverFirst},${clientFinalWithoutProof}`;
    const clientSignature = hmac(keys.storedKey, authMessage);
    if (proof.length !== clientSignature.length) throw authenticationFailed(user);
    // the client proved it holds ClientKey when H(ClientProof XOR ClientSignature) is the StoredKey
    if (!timingSafeEqual(sha256(xor(proof, clientSignature)), keys.storedKey)) throw authenticationFailed(user);

    socket.write(
      authentication(AUTH_SASL_FINAL, Buffer.from(`v=${hmac(keys.serverKey, authMessage).toString('base64')}`)),
    );
    // only a client that knows the password learns why it is turned away
    if (onlyApplication && application !== onlyApplication.name) throw new Refused('08004', onlyApplication.refusal);
    clearTimeout(deadline);
    // no more 'data' events until the handler is attached; the reader keeps its error listener until then
    socket.pause();
    return { startup, reader };
  } catch (error) {
    clearTimeout(deadline);
    reader.release();
    if (error instanceof Refused && !socket.destroyed) {
      socket.end(errorResponse(error.sqlState, error.message));
      // a client that does not close its side after the error does not keep its slot
      setTimeout(() => socket.destroy(), 2_000).unref();
      return undefined;
    }
    throw error;
  }
}

function authenticationFailed(user: string): Refused {
  return new Refused('28P01', `password authentication failed for user "${user}"`);
}

/** The payload of the next PasswordMessage ('p'), the only message a client may send while authenticating. */
async function readPasswordMessage(reader: SocketReader): Promise<Buffer> {
  const header = await reader.take(5);
  const length = header.readInt32BE(1);
  if (header[0] !== 0x70 || length < 4 || length > MAX_AUTH_MESSAGE_LENGTH) {
    throw new Refused(
      '08P01',
      `expected SASL response, got message type ${JSON.stringify(String.fromCharCode(header[0]))}`,
    );
  }
  return reader.take(length - 4);
}

function startupParameters(payload: Buffer): Map<string, string> {
  const parameters = new Map<string, string>();
  const parts = payload.toString('utf8').split('\0');
  for (let i = 0; i + 1 < parts.length && parts[i] !== ''; i += 2) parameters.set(parts[i], parts[i + 1]);
  return parameters;
}

/** The value of a SCRAM attribute ("r=...") in a comma-separated message. */
function attribute(message: string, name: string): string | undefined {
  for (const part of message.split(',')) if (part.startsWith(`${name}=`)) return part.slice(name.length + 1);
  return undefined;
}

function authentication(code: number, data: Buffer): Buffer {
  const message = Buffer.alloc(9 + data.length);
  message.write('R', 0);
  message.writeInt32BE(8 + data.length, 1);
  message.writeInt32BE(code, 5);
  data.copy(message, 9);
  return message;
}

function errorResponse(sqlState: string, text: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${sqlState}\0M${text}\0\0`);
  const message = Buffer.alloc(5 + fields.length);
  message.write('E', 0);
  message.writeInt32BE(4 + fields.length, 1);
  fields.copy(message, 5);
  return message;
}

function hmac(key: Buffer, text: string): Buffer {
  return createHmac('sha256', key).update(text).digest();
}

function sha256(data: Buffer): Buffer {
  return createHash('sha256').update(data).digest();
}

function xor(a: Buffer, b: Buffer): Buffer {
  const out = Buffer.alloc(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] ^ b[i];
  return out;
}

/** Reads exact byte counts from a socket until released; what it read beyond them is returned on release. */
class SocketReader {
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: { count: number; done: (bytes: Buffer) => void; failed: (error: Error) => void } | undefined;
  private ended = false;

  constructor(private readonly socket: Socket) {
    socket.on('data', this.onData);
    socket.on('end', this.onEnd);
    socket.on('close', this.onEnd);
    socket.on('error', this.onEnd);
  }

  take(count: number): Promise<Buffer> {
    return new Promise((done, failed) => {
      this.waiting = { count, done, failed };
      this.settle();
    });
  }

  /** Stops reading; the bytes received but not taken. */
  release(): Buffer {
    this.socket.off('data', this.onData);
    this.socket.off('end', this.onEnd);
    this.socket.off('close', this.onEnd);
    this.socket.off('error', this.onEnd);
    const rest = this.buffered;
    this.buffered = Buffer.alloc(0);
    return rest;
  }

  private readonly onData = (chunk: Buffer) => {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    this.settle();
  };

  private readonly onEnd = () => {
    this.ended = true;
    this.settle();
  };

  private settle(): void {
    const waiting = this.waiting;
    if (!waiting) return;
    if (this.buffered.length >= waiting.count) {
      this.waiting = undefined;
      const bytes = this.buffered.subarray(0, waiting.count);
      this.buffered = this.buffered.subarray(waiting.count);
      waiting.done(bytes);
    } else if (this.ended) {
      this.waiting = undefined;
      waiting.failed(new Error('connection closed during authentication'));
    }
  }
}
