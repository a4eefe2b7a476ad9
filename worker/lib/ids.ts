import { v7 as uuidv7 } from 'uuid';

/** Opaque, time-ordered ids (DESIGN.md §3). */
export const newId = (): string => uuidv7();
