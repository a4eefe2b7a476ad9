import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { StreamingConfig } from '../../../schema/live';
import type { OwnerStreamKey } from '../../../schema/live-session';
import { ModalDialog } from '../../ui/modal-dialog';
import { CopyButton } from './copy-button';
import { downloadFile } from './download-file';
import {
  ENCODER_TARGETS,
  encoderConfigFiles,
  ffmpegCommand,
  type IngestPresetId,
  ingestPresets,
  isHttpIngest,
  takesOurKey,
} from './encoder-configs';
import { maskKey } from './mask-key';
import { streamingInfoQueryOptions } from './queries';

type ConfigDialogProps = { streamKey: OwnerStreamKey; open: boolean; onClose: () => void };

/**
 * How to point an encoder at the stream (live §2 Configuration dialog): the ingest address and
 * the masked key (both copyable), the recommended settings, profile downloads for OBS, Streamlabs
 * OBS, YouTube Live and Facebook Live, the ingest presets (with the WHIP URL and the key as OBS's
 * Bearer token where the provider takes WebRTC) and the local ingest's ffmpeg commands
 * (for a source with sound and without: ffmpeg cannot map audio that may be missing).
 */
export function ConfigDialog({ streamKey, open, onClose }: ConfigDialogProps) {
  const info = useQuery(streamingInfoQueryOptions(streamKey.id, open));
  return (
    <ModalDialog open={open} onClose={onClose} title="Stream configuration">
      {info.data ? (
        <ConfigBody config={info.data} whipUrl={streamKey.whipUrl} />
      ) : info.isError ? (
        <p className="ls-error" role="alert">
          {info.error.message}
        </p>
      ) : (
        <p role="status">Loading...</p>
      )}
    </ModalDialog>
  );
}

function ConfigBody({ config, whipUrl }: { config: StreamingConfig; whipUrl: string | null }) {
  const presets = ingestPresets(config.serverUrl, whipUrl);
  const [presetId, setPresetId] = useState<IngestPresetId>('reel');
  const preset = presets.find((item) => item.id === presetId) ?? presets[0];
  const selectId = useId();
  const { settings } = config;
  if (!preset) return null;
  const ownIngest = takesOurKey(preset);
  const whip = preset.id === 'whip';

  return (
    <div className="ls-config" data-testid="config-dialog">
      <label htmlFor={selectId}>Ingest preset</label>
      <select
        id={selectId}
        className="text-input"
        value={presetId}
        onChange={(event) => setPresetId(event.target.value as IngestPresetId)}
      >
        {presets.map((item) => (
          <option key={item.id} value={item.id}>
            {item.label}
          </option>
        ))}
      </select>
      <dl className="ls-config-facts">
        <dt>{whip ? 'URL' : 'Server'}</dt>
        <dd className="ls-secret">
          <code data-testid="ingest-server">{preset.server}</code>
          <CopyButton text={preset.server} label="Copy server address" />
        </dd>
        <dt>{whip ? 'Bearer Token' : 'Stream key'}</dt>
        <dd className="ls-secret">
          {ownIngest ? (
            <>
              <code>{maskKey(config.streamKey)}</code>
              <CopyButton text={config.streamKey} label="Copy stream key" />
            </>
          ) : (
            <span className="muted">Use {preset.keyHint}</span>
          )}
        </dd>
      </dl>

      <h3>Recommended encoder settings</h3>
      <dl className="ls-config-facts" data-testid="encoder-settings">
        <dt>Output mode</dt>
        <dd>Advanced</dd>
        <dt>Encoder</dt>
        <dd>{settings.encoder}</dd>
        <dt>Rate control</dt>
        <dd>{settings.rateControl}</dd>
        <dt>Bitrate</dt>
        <dd>{settings.bitrate} kbps</dd>
        <dt>Keyframe interval</dt>
        <dd>{settings.keyframeInterval} s</dd>
        <dt>Preset</dt>
        <dd>{settings.preset}</dd>
        <dt>Profile</dt>
        <dd>{settings.profile}</dd>
        <dt>Tune</dt>
        <dd>{settings.tune}</dd>
      </dl>

      <h3>Config downloads</h3>
      <p className="muted">
        Put the files in a new profile folder (OBS: obs-studio/basic/profiles/Reel in your settings folder),
        then pick the Reel profile.
        {preset.id === 'reel' &&
          isHttpIngest(preset.server) &&
          ' With the local ingest, OBS streams through Start Recording.'}
        {whip && ' In OBS 30 or later: Settings, Stream, Service WHIP, with this URL and Bearer Token.'}
      </p>
      <div className="ls-downloads">
        {ENCODER_TARGETS.map((target) => (
          <button
            key={target.id}
            type="button"
            className="button"
            onClick={() => {
              for (const file of encoderConfigFiles(target.id, { preset, key: config.streamKey, settings })) {
                downloadFile(file);
              }
            }}
          >
            {target.label}
          </button>
        ))}
      </div>

      {isHttpIngest(config.serverUrl) && (
        <>
          <h3>Or with ffmpeg</h3>
          <p className="muted">For a source with sound:</p>
          <FfmpegLine config={config} sound testId="ffmpeg-command" />
          <p className="muted">For a source without sound (ffmpeg stops on audio that is not there):</p>
          <FfmpegLine config={config} sound={false} testId="ffmpeg-command-video-only" />
        </>
      )}
    </div>
  );
}

/** One ffmpeg command for the local ingest: shown with the key masked, copied with the real one. */
function FfmpegLine({ config, sound, testId }: { config: StreamingConfig; sound: boolean; testId: string }) {
  const { serverUrl, streamKey, settings } = config;
  return (
    <div className="ls-command">
      <code data-testid={testId}>{ffmpegCommand(serverUrl, maskKey(streamKey), settings, { sound })}</code>
      <CopyButton
        text={ffmpegCommand(serverUrl, streamKey, settings, { sound })}
        label={sound ? 'Copy ffmpeg command' : 'Copy ffmpeg command without sound'}
      />
    </div>
  );
}
