import { getRouteApi } from '@tanstack/react-router';
import { ChatPanel } from '../chat/chat-panel';

const route = getRouteApi('/live/$username');

/** /live/$username, foundation slice: the chat panel; the player and profile arrive later. */
export function LivePage() {
  const { username } = route.useParams();
  return (
    <div className="page live-page">
      <section className="live-main" aria-labelledby="page-title">
        <h1 id="page-title">@{username}</h1>
        <p className="muted">Live streaming arrives in a later issue.</p>
      </section>
      <ChatPanel room={username} />
    </div>
  );
}
