import type { StreamHealth as Health } from '../../../schema/live-dashboard';
import { formatCount } from '../../ui/format';

/** The stream's health as its provider reports it: per rendition bitrate and missing segments. */
export function StreamHealth({ health }: { health: Health }) {
  if (health.provider === 'livepeer') {
    return (
      <p className="muted" data-testid="studio-health-unreported">
        Stream health is not shown for this provider: its media never pass through our ingest.
      </p>
    );
  }
  if (health.renditions.length === 0) {
    return (
      <p className="muted" data-testid="studio-health-waiting">
        Waiting for the first segment from your encoder.
      </p>
    );
  }
  return (
    <ul className="ls-health" data-testid="studio-health">
      {health.renditions.map((rendition) => (
        <li key={rendition.name} data-rendition={rendition.name}>
          <strong>{rendition.name === 'index' ? 'Stream' : rendition.name}</strong>
          <span data-testid="studio-health-bitrate">
            {rendition.bitrateKbps === null ? 'measuring...' : `${formatCount(rendition.bitrateKbps)} kbps`}
          </span>
          <span data-tone={rendition.missingSegments > 0 ? 'bad' : 'good'}>
            {rendition.missingSegments === 1
              ? '1 missing segment'
              : `${rendition.missingSegments} missing segments`}
          </span>
        </li>
      ))}
    </ul>
  );
}
