import { useEffect } from 'react';
import { markUploadRunning } from './upload-activity';

/** Marks an upload as running for as long as `running` is true, so no update reloads under it. */
export function useUploadActivity(running: boolean): void {
  useEffect(() => (running ? markUploadRunning() : undefined), [running]);
}
