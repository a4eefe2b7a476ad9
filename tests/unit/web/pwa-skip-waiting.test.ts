import { describe, expect, it } from 'vitest';
import { skipWaitingToNewest } from '../../../web/features/pwa/skip-waiting';

/** A service worker as the page sees it: a state that changes, and the messages posted to it. */
class FakeWorker extends EventTarget {
  readonly messages: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  becomes(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  /** A newer version starts installing, as the browser announces it. */
  startsInstalling(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

const SKIP = { type: 'SKIP_WAITING' };
const apply = (registration: FakeRegistration) =>
  skipWaitingToNewest(registration as unknown as ServiceWorkerRegistration);

describe('applying an update the user accepted', () => {
  it('asks the waiting version to take over', () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker('installed');
    apply(registration);
    expect(registration.waiting.messages).toEqual([SKIP]);
  });

  it('asks a newer version that finishes installing meanwhile too, since it replaces the waiting one', () => {
    const registration = new FakeRegistration();
    const accepted = new FakeWorker('installed');
    registration.waiting = accepted;
    apply(registration);

    const newer = new FakeWorker('installing');
    registration.startsInstalling(newer);
    expect(newer.messages).toEqual([]);
    newer.becomes('installed');
    expect(newer.messages).toEqual([SKIP]);
    expect(accepted.messages).toEqual([SKIP]);
  });

  it('asks a version that was already installing when the user said yes, once it has installed', () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker('installed');
    const installing = new FakeWorker('installing');
    registration.installing = installing;
    apply(registration);
    expect(installing.messages).toEqual([]);
    installing.becomes('installed');
    expect(installing.messages).toEqual([SKIP]);
  });

  it('asks nothing of a version whose install failed', () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker('installed');
    apply(registration);
    const broken = new FakeWorker('installing');
    registration.startsInstalling(broken);
    broken.becomes('redundant');
    expect(broken.messages).toEqual([]);
  });
});
