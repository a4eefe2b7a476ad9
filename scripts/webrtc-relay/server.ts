import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { RelayPlaySchema, RelayPublishSchema } from '../../schema/webrtc-relay';
import { type Publisher, startPublisher } from './publisher';
import { startViewer, type Viewer } from './viewer';

/** An SDP offer is a few KB; anything past this is not one. */
const MAX_BODY_BYTES = 64 * 1024;

/** One stream on air: its publisher (null while its offer is being answered) and viewers. */
type Stream = { publisher: Publisher | null; viewers: Map<string, Viewer> };

const readBody = (request: IncomingMessage): Promise<string | null> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const send = (response: ServerResponse, status: number, body: object) => {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

export type RelayOptions = { ffmpeg: string | null; log: (line: string) => void };

/**
 * The local WHIP/WHEP relay's HTTP face (schema/webrtc-relay.ts), for the worker only: it has
 * already checked the stream key or the playback id in D1, so the relay takes playback ids as
 * given and listens on loopback. One publisher per stream (a second is 409, also while the first
 * one's offer is still being answered); viewers of a stream without a publisher are 404.
 */
export const createRelayServer = (
  options: RelayOptions,
): { server: Server; closeAll: () => Promise<void> } => {
  const streams = new Map<string, Stream>();

  const publish = async (playbackId: string, body: unknown, response: ServerResponse) => {
    const parsed = RelayPublishSchema.safeParse(body);
    if (!parsed.success) return send(response, 400, { error: 'expected {sdp, ingestUrl}' });
    if (streams.has(playbackId)) return send(response, 409, { error: 'a publisher is on this stream' });
    const stream: Stream = { publisher: null, viewers: new Map() };
    streams.set(playbackId, stream);
    try {
      const { publisher, answer } = await startPublisher({
        offer: parsed.data.sdp,
        ingestUrl: parsed.data.ingestUrl,
        ffmpeg: options.ffmpeg,
        log: (line) => options.log(`[${playbackId.slice(0, 8)}] ${line}`),
        onClosed: () => {
          if (streams.get(playbackId) === stream) streams.delete(playbackId);
          for (const viewer of stream.viewers.values()) void viewer.close();
        },
      });
      stream.publisher = publisher;
      send(response, 201, { resourceId: publisher.resourceId, sdp: answer });
    } catch (error) {
      streams.delete(playbackId);
      send(response, 400, {
        error: `unusable offer: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  };

  const play = async (playbackId: string, body: unknown, response: ServerResponse) => {
    const parsed = RelayPlaySchema.safeParse(body);
    if (!parsed.success) return send(response, 400, { error: 'expected {sdp}' });
    const stream = streams.get(playbackId);
    const publisher = stream?.publisher;
    if (!stream || !publisher) return send(response, 404, { error: 'no publisher on this stream' });
    try {
      let resourceId = '';
      const { viewer, answer } = await startViewer(publisher, parsed.data.sdp, () =>
        stream.viewers.delete(resourceId),
      );
      resourceId = viewer.resourceId;
      stream.viewers.set(resourceId, viewer);
      send(response, 201, { resourceId, sdp: answer });
    } catch (error) {
      send(response, 400, {
        error: `unusable offer: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  };

  const route = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://relay');
    const [action, playbackId, resourceId, extra] = url.pathname.split('/').slice(1).map(decodeURIComponent);
    const method = request.method ?? 'GET';
    if (extra !== undefined || !action) return send(response, 404, { error: 'not found' });
    if (method === 'GET' && action === 'health') return send(response, 200, { ok: true });
    if (!playbackId) return send(response, 404, { error: 'not found' });
    const stream = streams.get(playbackId);
    if (method === 'GET' && action === 'streams' && !resourceId) {
      return send(response, 200, { publishing: !!stream?.publisher });
    }
    if (method === 'POST' && !resourceId && (action === 'publish' || action === 'play')) {
      const text = await readBody(request);
      if (text === null) return send(response, 413, { error: 'offer too large' });
      const body = parseJson(text);
      return action === 'publish' ? publish(playbackId, body, response) : play(playbackId, body, response);
    }
    if (method === 'DELETE' && resourceId && action === 'publish') {
      if (stream?.publisher?.resourceId !== resourceId)
        return send(response, 404, { error: 'no such publisher' });
      await stream.publisher.close();
      return send(response, 200, { ended: true });
    }
    if (method === 'DELETE' && resourceId && action === 'play') {
      const viewer = stream?.viewers.get(resourceId);
      if (!viewer) return send(response, 404, { error: 'no such viewer' });
      await viewer.close();
      return send(response, 200, { ended: true });
    }
    return send(response, 404, { error: 'not found' });
  };

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      options.log(`request failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) send(response, 500, { error: 'relay error' });
    });
  });
  const closeAll = async () => {
    await Promise.all([...streams.values()].map((stream) => stream.publisher?.close()));
  };
  return { server, closeAll };
};
