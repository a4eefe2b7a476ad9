import { type CSSProperties, useEffect, useState } from 'react';
import type { Video } from '../../../schema/content';
import { MESSAGES } from '../../../schema/messages';
import { showToast } from '../../ui/toast-store';
import { useDropdown } from '../layout/nav-menu';
import { CaptionsDialog } from './captions-dialog';
import { contentPath } from './content-path';
import { EditDialog } from './edit-dialog';

/** Room the open menu needs below its button before it opens upwards instead. */
const MENU_HEIGHT_PX = 200;

type RowMenuProps = { video: Video; onDelete: (video: Video) => void };

async function copyUrl(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    showToast(MESSAGES.copyUrl.success, 'success');
  } catch (error) {
    console.error('Copy failed', error);
    showToast(MESSAGES.copyUrl.failed, 'error');
  }
}

/**
 * Where the open menu goes: fixed to the viewport next to its button, so the table's horizontal
 * scroller cannot clip it; upwards when the button is near the bottom.
 */
const menuPosition = (button: DOMRect): CSSProperties => {
  const right = window.innerWidth - button.right;
  return button.bottom + MENU_HEIGHT_PX > window.innerHeight
    ? { position: 'fixed', right, bottom: window.innerHeight - button.top + 4, top: 'auto' }
    : { position: 'fixed', right, top: button.bottom + 4 };
};

/** A row's Actions menu: Edit, Copy URL, Open in a new tab, Captions… (long videos), Delete. */
export function RowMenu({ video, onDelete }: RowMenuProps) {
  const { open, close, rootRef, listId, buttonProps } = useDropdown();
  const [style, setStyle] = useState<CSSProperties>({});
  const [captionsOpen, setCaptionsOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);
  const url = `${window.location.origin}${contentPath(video)}`;

  // A fixed menu would stay put while its row scrolls: it follows its button instead, and closes
  // only once the button has left the screen. Closing on any scroll lost the menu on a phone, where
  // tapping a button half under the edge scrolls it into view just after the tap.
  useEffect(() => {
    if (!open) return;
    const follow = () => {
      const rect = rootRef.current?.getBoundingClientRect();
      if (!rect || rect.bottom < 0 || rect.top > window.innerHeight) return close();
      setStyle(menuPosition(rect));
    };
    window.addEventListener('scroll', follow, { capture: true, passive: true });
    window.addEventListener('resize', follow);
    return () => {
      window.removeEventListener('scroll', follow, { capture: true });
      window.removeEventListener('resize', follow);
    };
  }, [open, close, rootRef]);

  const run = (action: () => void) => () => {
    close();
    action();
  };
  return (
    <div className="nav-menu studio-row-menu" ref={rootRef}>
      <button
        {...buttonProps}
        onClick={() => {
          const rect = rootRef.current?.getBoundingClientRect();
          if (rect) setStyle(menuPosition(rect));
          buttonProps.onClick();
        }}
        className="icon-button"
        aria-label={`Actions for ${video.title}`}
      >
        ⋮
      </button>
      <div id={listId} className="nav-menu-list studio-row-menu-list" hidden={!open} style={style}>
        <button type="button" onClick={run(() => setEditOpen(true))}>
          Edit
        </button>
        <button type="button" onClick={run(() => void copyUrl(url))}>
          Copy URL
        </button>
        <a href={url} target="_blank" rel="noopener noreferrer" onClick={close}>
          Open in a new tab
        </a>
        {video.type === 'video' && (
          <button type="button" onClick={run(() => setCaptionsOpen(true))}>
            Captions…
          </button>
        )}
        <button type="button" className="studio-danger" onClick={run(() => onDelete(video))}>
          Delete
        </button>
      </div>
      {editOpen && <EditDialog video={video} onClose={() => setEditOpen(false)} />}
      {captionsOpen && <CaptionsDialog video={video} open onClose={() => setCaptionsOpen(false)} />}
    </div>
  );
}
