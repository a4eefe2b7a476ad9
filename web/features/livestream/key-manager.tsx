import { useState } from 'react';
import type { OwnerStreamKey } from '../../../schema/live-session';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ConfigDialog } from './config-dialog';
import { CreateKeyForm } from './create-key-form';
import { maskKey } from './mask-key';
import { StreamKeyCard } from './stream-key-card';
import type { useStudioActions } from './use-studio-actions';

type KeyManagerProps = { streamKey: OwnerStreamKey | null; actions: ReturnType<typeof useStudioActions> };

/** The left third: create the one key, or manage it (configuration, regenerate, delete, on/off). */
export function KeyManager({ streamKey, actions }: KeyManagerProps) {
  const [dialog, setDialog] = useState<'config' | 'regenerate' | 'delete' | null>(null);
  const close = () => setDialog(null);
  return (
    <section className="ls-panel ls-keys" aria-labelledby="ls-keys-title">
      <h2 id="ls-keys-title">Stream Key</h2>
      <CreateKeyForm
        keyExists={!!streamKey}
        busy={actions.createKey.isPending}
        onCreate={(name) => actions.createKey.mutate(name)}
      />
      {streamKey && (
        <>
          <StreamKeyCard
            streamKey={streamKey}
            switching={actions.setActive.isPending}
            onToggleActive={(active) => actions.setActive.mutate({ id: streamKey.id, active })}
            onConfigure={() => setDialog('config')}
            onRegenerate={() => setDialog('regenerate')}
            onDelete={() => setDialog('delete')}
          />
          <ConfigDialog streamKey={streamKey} open={dialog === 'config'} onClose={close} />
          <ConfirmDialog
            open={dialog === 'regenerate'}
            title="Regenerate stream key"
            confirmLabel="Regenerate"
            busy={actions.regenerate.isPending}
            onCancel={close}
            onConfirm={() => actions.regenerate.mutate(streamKey.id, { onSettled: close })}
          >
            <p>
              The key <code>{maskKey(streamKey.key)}</code> stops working at once: update your streaming
              software with the new one.
            </p>
          </ConfirmDialog>
          <ConfirmDialog
            open={dialog === 'delete'}
            title="Delete stream key"
            confirmLabel="Delete"
            danger
            busy={actions.remove.isPending}
            onCancel={close}
            onConfirm={() => actions.remove.mutate(streamKey.id, { onSettled: close })}
          >
            <p>
              Delete <code>{maskKey(streamKey.key)}</code> with its sessions and chat? This cannot be undone.
            </p>
          </ConfirmDialog>
        </>
      )}
    </section>
  );
}
