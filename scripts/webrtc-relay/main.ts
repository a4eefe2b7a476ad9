/**
 * The local WebRTC relay (issue 25 §1): `tsx scripts/webrtc-relay/main.ts --port N`. Started by
 * `npm start` (and so by every e2e app) beside the worker, which learns its address from
 * `WEBRTC_RELAY_URL` and is its only client.
 *
 * Why a Node process and not the worker: a Worker cannot hold a UDP socket, so it cannot terminate
 * WebRTC; Cloudflare Stream does that in production, and this relay plays Stream's part locally,
 * as the local ingest plays Livepeer's. The worker stays the front door (stream key and playback id
 * checks in D1, the WHIP/WHEP answers) so OBS, the browser and the tests see one origin and one set
 * of rules; the relay only moves packets (werift, pure TypeScript: no native parts, nothing
 * downloaded) and feeds ffmpeg for the HLS copy, so everything HLS already does (replays, the
 * still frame, the LIVE rules) holds for a WebRTC broadcast unchanged.
 */
import { parseArgs } from 'node:util';
import { findFfmpeg } from '../seed/demo-stream';
import { createRelayServer } from './server';

const { values } = parseArgs({ options: { port: { type: 'string' } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port <= 0) {
  console.error('webrtc-relay: --port N is required');
  process.exit(2);
}
const log = (line: string) => console.error(`webrtc-relay ${line}`);
const ffmpeg = findFfmpeg();
if (!ffmpeg) log('ffmpeg not found: WebRTC broadcasts play over WHEP only, with no HLS copy or replay');
const { server, closeAll } = createRelayServer({ ffmpeg, log });

/** Ends every broadcast as its publisher's DELETE would (ENDLIST first), then exits. */
const shutdown = async () => {
  server.close();
  await closeAll();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
server.listen(port, '127.0.0.1');
