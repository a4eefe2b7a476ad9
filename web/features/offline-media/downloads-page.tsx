import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { OfflineItem } from '../../data/offline-media-store';
import { PagePending } from '../pages/page-pending';
import { formatBytes } from '../upload/part-plan';
import { BudgetSelect } from './budget-select';
import { useDownloads } from './use-downloads';
import './downloads.css';

/** /downloads: what is kept on this device to play offline, the space it takes, and Remove. */
export function DownloadsPage() {
  const { downloads, remove, removeAll, setBudget } = useDownloads();
  useEffect(() => {
    document.title = 'Downloads - Reel';
  }, []);
  if (!downloads) return <PagePending />;
  const { items, usage, chosenBudget } = downloads;
  const available = usage.quota === undefined ? undefined : Math.max(0, usage.quota - (usage.usage ?? 0));
  return (
    <div className="page downloads-page">
      <h1>Downloads</h1>
      <dl className="downloads-usage">
        <div>
          <dt>Used by downloads</dt>
          <dd data-testid="downloads-used">{formatBytes(usage.used)}</dd>
        </div>
        <div>
          <dt>Budget</dt>
          <dd data-testid="downloads-budget">{formatBytes(usage.budget)}</dd>
        </div>
        <div>
          <dt>Available on this device</dt>
          <dd data-testid="downloads-available">
            {available === undefined ? 'Unknown' : formatBytes(available)}
          </dd>
        </div>
      </dl>
      <BudgetSelect chosen={chosenBudget} quota={usage.quota} onChange={setBudget} />
      <p className="muted downloads-note">
        Past the budget, the videos watched least recently are removed first.
      </p>
      {items.length === 0 ? (
        <p className="page-message" data-testid="downloads-empty">
          Nothing saved for offline yet.
        </p>
      ) : (
        <>
          <ul className="downloads-list" aria-label="Saved videos">
            {items.map((item) => (
              <DownloadRow key={item.videoId} item={item} onRemove={() => remove(item.videoId)} />
            ))}
          </ul>
          <button type="button" className="button" onClick={removeAll}>
            Remove all
          </button>
        </>
      )}
    </div>
  );
}

function DownloadRow({ item, onRemove }: { item: OfflineItem; onRemove: () => void }) {
  const { video } = item;
  const to = video.type === 'short' ? '/s/$videoId' : '/v/$videoId';
  return (
    <li className="download-item" data-testid="download-item">
      <Link to={to} params={{ videoId: video.id }} className="download-link">
        <img className="download-thumb" src={video.thumbnail} alt="" loading="lazy" decoding="async" />
        <span className="download-text">
          <strong className="download-title">{video.title}</strong>
          <span className="muted">
            @{video.creator} · {item.source === 'saved' ? 'Saved' : 'Fetched ahead'} ·{' '}
            {formatBytes(item.bytes)}
          </span>
        </span>
      </Link>
      <button type="button" className="button" onClick={onRemove}>
        Remove
      </button>
    </li>
  );
}
