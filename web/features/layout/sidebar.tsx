import { TopCreatorsList } from '../creators/top-creators-list';

type SidebarProps = { expanded: boolean; onNavigate: () => void };

/**
 * The collapsible left sidebar. Wide screens: full width or avatars only; narrow screens: hidden
 * or an overlay (styles/layout.css).
 */
export function Sidebar({ expanded, onNavigate }: SidebarProps) {
  return (
    <aside id="sidebar" className="sidebar" data-expanded={expanded} aria-label="Top Creators">
      <h2 className="sidebar-title">Top Creators</h2>
      <TopCreatorsList onNavigate={onNavigate} />
    </aside>
  );
}
