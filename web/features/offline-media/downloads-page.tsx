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
          <DownloadSection
            title="Saved by you"
            testId="downloads-saved"
            empty="Nothing saved yet: Save for offline on a video keeps it here."
            items={items.filter((item) => item.source === 'saved')}
            onRemove={remove}
          />
          <DownloadSection
            title="Fetched ahead"
            testId="downloads-ahead"
            note="While you watch shorts, the next ones are fetched ahead so the feed keeps playing offline."
            empty="No shorts fetched ahead."
            items={items.filter((item) => item.source === 'ahead')}
            onRemove={remove}
          />
          <button type="button" className="button" onClick={removeAll}>
            Remove all
          </button>
        </>
      )}
    </div>
  );
}

type SectionProps = {
  title: string;
  testId: string;
  note?: string;
  empty: string;
  items: OfflineItem[];
  onRemove: (videoId: string) => void;
};

/**
 * What the user saved apart from what the shorts feed fetched ahead by itself (issue 23 §5): one
 * is a choice, the other a cache, and the user should see which is which.
 */
function DownloadSection({ title, testId, note, empty, items, onRemove }: SectionProps) {
  const bytes = items.reduce((sum, item) => sum + item.bytes, 0);
  return (
    <section className="downloads-section" data-testid={testId} aria-label={title}>
      <h2>
        {title}{' '}
        <span className="muted">
          · {items.length} · {formatBytes(bytes)}
        </span>
      </h2>
      {note && <p className="muted downloads-note">{note}</p>}
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="downloads-list" aria-label={title}>
          {items.map((item) => (
            <DownloadRow key={item.videoId} item={item} onRemove={() => onRemove(item.videoId)} />
          ))}
        </ul>
      )}
    </section>
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
            @{video.creator} · {formatBytes(item.bytes)}
          </span>
        </span>
      </Link>
      <button type="button" className="button" onClick={onRemove}>
        Remove
      </button>
    </li>
  );
}
