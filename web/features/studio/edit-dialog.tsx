import { type ReactNode, useId, useState } from 'react';
import type { Video } from '../../../schema/content';
import { ModalDialog } from '../../ui/modal-dialog';
import { showToast } from '../../ui/toast-store';
import { CaptionsPanel } from './captions-dialog';
import { EditDetailsForm } from './edit-details-form';
import './edit-dialog.css';

type EditDialogProps = { video: Video; onClose: () => void };
type Tab = 'details' | 'captions';

const TABS: ReadonlyArray<{ id: Tab; label: string }> = [
  { id: 'details', label: 'Details' },
  { id: 'captions', label: 'Captions' },
];

/** Details and Captions as tabs; both panels stay mounted, so switching loses nothing typed. */
function EditTabs({ panels }: { panels: Record<Tab, ReactNode> }) {
  const base = useId();
  const [tab, setTab] = useState<Tab>('details');
  return (
    <>
      <div role="tablist" aria-label="What to edit" className="studio-tabs">
        {TABS.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`${base}-${item.id}`}
            aria-selected={tab === item.id}
            aria-controls={`${base}-${item.id}-panel`}
            className="studio-tab"
            onClick={() => setTab(item.id)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {TABS.map((item) => (
        <div
          key={item.id}
          id={`${base}-${item.id}-panel`}
          role="tabpanel"
          aria-labelledby={`${base}-${item.id}`}
          className="edit-panel"
          hidden={tab !== item.id}
        >
          {panels[item.id]}
        </div>
      ))}
    </>
  );
}

/**
 * A studio row's Edit (issue 23 §2; the spec's Edit only said "coming soon"): title, description,
 * tags, visibility and thumbnail, and for long videos (the only ones with captions) the captions
 * panel as a second tab of the same dialog.
 */
export function EditDialog({ video, onClose }: EditDialogProps) {
  const details = (
    <EditDetailsForm
      video={video}
      onSaved={() => {
        showToast('Changes saved', 'success');
        onClose();
      }}
    />
  );
  return (
    <ModalDialog
      open
      onClose={onClose}
      title={video.type === 'short' ? 'Edit short' : 'Edit video'}
      className="edit-dialog"
    >
      {video.type === 'video' ? (
        <EditTabs panels={{ details, captions: <CaptionsPanel video={video} /> }} />
      ) : (
        details
      )}
    </ModalDialog>
  );
}
