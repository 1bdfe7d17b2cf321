import type { RestObserver } from '../exchange/rest/rest-client.js';
import { RECORDING_VERSION, scrubSecrets, scrubText, type RecordedFrame, type RecordedReply, type RecordingMeta } from '../exchange/wire/recording.js';
import type { ConnectionKind } from '../exchange/ws/connection-state.js';
import type { StreamConnection } from '../exchange/ws/stream-connection.js';
import { PrivateNdjsonFile } from './private-ndjson-file.js';

/**
 * `utadash --record FILE`: writes every inbound websocket frame and every REST reply of a session
 * as NDJSON (format: exchange/wire/recording.ts), for `--replay FILE`. Secret-looking fields are
 * scrubbed from params and replies, and an optional `redact` pass removes the session's own
 * credentials from every line. Heartbeat `pong` frames are not recorded.
 */

/** Options of `SessionRecorder`. */
export interface SessionRecorderOptions {
  /** File to write; created or truncated, mode 0600. */
  readonly path: string;
  /** Trading mode written in the meta line. */
  readonly mode: string;
  /** Unix ms clock; default Date.now. */
  readonly now?: () => number;
  /** Final pass over every line (e.g. the CLI's `Redactor.text`); default none. */
  readonly redact?: (text: string) => string;
  /** Told once when a write fails; recording stops, the session carries on. Default none. */
  readonly onError?: (message: string) => void;
}

/** The recording could not be started; the message names the path. */
export class RecorderError extends Error {
  /** Stable code. */
  readonly code = 'RECORDER_OPEN';
  override readonly name = 'RecorderError';
}

/** Writes a session recording. Hook it up with `restObserver` and `attach(connection)`. */
export class SessionRecorder {
  /** Hook for `RestClient`: records every reply that arrived (transport failures have none). */
  readonly restObserver: RestObserver;
  private readonly file: PrivateNdjsonFile;
  private n = 0;
  private readonly startedAt: number;
  private readonly now: () => number;
  private readonly offs: (() => void)[] = [];

  /** Creates the file and writes the meta line. Throws `RecorderError` when it cannot. */
  constructor(private readonly options: SessionRecorderOptions) {
    this.now = options.now ?? Date.now;
    this.startedAt = this.now();
    try {
      this.file = new PrivateNdjsonFile({
        path: options.path,
        flags: 'w',
        afterFailure: 'stop',
        ...(options.redact ? { redact: options.redact } : {}),
        onWriteError: (why) => options.onError?.(`recording ${options.path}: write failed (${why}); recording stopped`),
      });
    } catch (error) {
      throw new RecorderError(`cannot write the recording ${options.path}: ${(error as Error).message}; check the directory exists and is writable`);
    }
    const meta: RecordingMeta = { type: 'meta', v: RECORDING_VERSION, startedAt: this.startedAt, mode: options.mode };
    this.write(meta);
    this.restObserver = {
      onReply: (a, r) => {
        if (r.status === null || r.body === null) return;
        const line: RecordedReply = {
          type: 'rest',
          n: ++this.n,
          t: this.elapsed(),
          op: a.opId,
          method: a.method,
          path: a.path,
          write: a.write,
          params: scrubSecrets(a.params),
          status: r.status,
          body: scrubText(r.body),
        };
        this.write(line);
      },
    };
  }

  /** Records the inbound frames of `connection`; returns the function that stops it. */
  attach(connection: Pick<StreamConnection, 'events' | 'kind'>): () => void {
    const kind: ConnectionKind = connection.kind;
    const off = connection.events.on('text', (text) => this.onFrame(kind, text));
    this.offs.push(off);
    return off;
  }

  /** Frames and replies written so far. */
  get count(): number {
    return this.n;
  }

  /** Stops listening and closes the file. Idempotent. */
  close(): void {
    for (const off of this.offs.splice(0)) off();
    this.file.close();
  }

  private onFrame(conn: ConnectionKind, text: string): void {
    if (text === 'pong' || text === 'ping') return;
    const line: RecordedFrame = { type: 'ws', n: ++this.n, t: this.elapsed(), conn, text: scrubText(text) };
    this.write(line);
  }

  private elapsed(): number {
    return Math.max(0, this.now() - this.startedAt);
  }

  private write(line: RecordingMeta | RecordedFrame | RecordedReply): void {
    this.file.write(line);
  }
}
