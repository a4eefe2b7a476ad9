import type { StreamKey } from '../../../schema/live-session';
import { CopyButton } from './copy-button';
import { maskKey } from './mask-key';

type StreamKeyCardProps = {
  streamKey: StreamKey;
  switching: boolean;
  onToggleActive: (active: boolean) => void;
  onConfigure: () => void;
  onRegenerate: () => void;
  onDelete: () => void;
};

/** The creator's key: name, on/off switch, the masked secret with Copy, and its dialogs' buttons. */
export function StreamKeyCard({
  streamKey,
  switching,
  onToggleActive,
  onConfigure,
  onRegenerate,
  onDelete,
}: StreamKeyCardProps) {
  return (
    <section className="ls-key-card" aria-label="Stream key" data-testid="stream-key-card">
      <div className="ls-key-head">
        <h3>{streamKey.name}</h3>
        <label className="ls-switch">
          <input
            type="checkbox"
            checked={streamKey.isActive}
            disabled={switching}
            onChange={(event) => onToggleActive(event.target.checked)}
          />
          Active
        </label>
      </div>
      <div className="ls-secret">
        <code data-testid="stream-key-masked">{maskKey(streamKey.key)}</code>
        <CopyButton text={streamKey.key} label="Copy stream key" />
      </div>
      <div className="ls-key-actions">
        <button type="button" className="button" onClick={onConfigure}>
          Configuration
        </button>
        <button type="button" className="button" onClick={onRegenerate}>
          Regenerate
        </button>
        <button type="button" className="button button-danger" onClick={onDelete}>
          Delete
        </button>
      </div>
    </section>
  );
}
